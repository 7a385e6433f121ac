// The server's safety net for control characters: any string in a request's JSON body, query or route
// parameters holding NUL, another C0 control (tab, LF and CR excepted) or DEL is refused with 400 naming
// the field, before validation and before anything reaches the database (PostgreSQL refuses NUL in
// text, which used to answer 500). Multipart fields are checked as they stream in (reports/upload.ts).
import type { FastifyInstance } from 'fastify';
import { findControlCharIn, messages } from '@atr/shared';
import { errors } from '../errors.ts';

export function registerControlCharCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const found = findControlCharIn(value);
      if (found)
        throw errors.validation(messages.validation.controlCharacter(`"${found.field}"`, found.char));
    }
  });
}
