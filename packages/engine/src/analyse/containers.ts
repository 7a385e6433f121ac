// Pass: Dockerfiles (base images, exposed ports) and compose files (services, images, ports).

import { isComposeFile, isDockerfile, safeYaml } from './entry-points.ts';
import { matchesWithLines, type Sources } from './sources.ts';
import type { ContainerInfo } from './types.ts';

/**
 * The container side of a Compose port ("8080:80/tcp" → "80"): the digits ending the text after the
 * last colon, before an optional "/protocol". A scan (the pattern it replaces retried from every digit).
 */
function containerPort(spec: string): string | undefined {
  const tail = spec.slice(spec.lastIndexOf(':') + 1);
  const slash = tail.lastIndexOf('/');
  const head = slash >= 0 && /^\w+$/.test(tail.slice(slash + 1)) ? tail.slice(0, slash) : tail;
  let start = head.length;
  while (start > 0 && head[start - 1]! >= '0' && head[start - 1]! <= '9') start--;
  return head.slice(start) || undefined;
}

// a development environment's image (VS Code dev container, Gitpod), not a build of the product
const DEV_CONTAINER = /(^|\/)\.devcontainer\/|(^|\/)\.gitpod\.Dockerfile$/i;

/** Whether a container file sets up a development environment rather than packaging the product. */
export function isDevContainer(path: string): boolean {
  return DEV_CONTAINER.test(path);
}

// stock images of programs other than the product: databases, caches, brokers, mail catchers, proxies
const SERVICE_IMAGE =
  /(?:^|\s)(?:[\w.-]+\/)*(?:mysql|mariadb|postgres|postgis|redis|valkey|mongo|memcached|rabbitmq|elasticsearch|opensearch|minio|localstack|kafka|zookeeper|nginx|traefik|mailhog|mailpit|keycloak|vault|consul|etcd|clickhouse|cassandra|neo4j|influxdb)(?::[\w.-]+)?(?=\s|$)/;

/**
 * Whether a text names a stock image of another program (`mysql:9.6`, `bitnami/redis`) as a
 * standalone word: a compose service or a `docker run` of it starts a backing service, not the product.
 */
export function namesServiceImage(text: string): boolean {
  return SERVICE_IMAGE.test(text);
}

export function containersPass(src: Sources): ContainerInfo[] {
  const out: ContainerInfo[] = [];
  for (const f of src.files) {
    const docker = isDockerfile(f.path);
    if (!docker && !isComposeFile(f.path)) continue;
    const text = src.text(f.path);
    if (text == null) continue;
    if (docker) {
      const stages = new Set<string>();
      const baseImages: string[] = [];
      for (const { m } of matchesWithLines(
        text,
        /^[ \t]*FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/gim,
      )) {
        if (!stages.has(m[1]!.toLowerCase())) baseImages.push(m[1]!);
        if (m[2]) stages.add(m[2].toLowerCase());
      }
      const exposedPorts: number[] = [];
      for (const { m } of matchesWithLines(text, /^[ \t]*EXPOSE\s+([^\n]+)/gim))
        for (const p of m[1]!.match(/\d+/g) ?? []) exposedPorts.push(Number(p));
      out.push({ path: f.path, kind: 'dockerfile', baseImages, exposedPorts });
    } else {
      const doc = safeYaml(text) as {
        services?: Record<string, { image?: string; ports?: unknown[]; expose?: unknown[] }>;
      } | null;
      const services = Object.keys(doc?.services ?? {});
      const baseImages: string[] = [];
      const exposedPorts: number[] = [];
      for (const svc of Object.values(doc?.services ?? {})) {
        if (typeof svc?.image === 'string') baseImages.push(svc.image);
        for (const p of [...(svc?.ports ?? []), ...(svc?.expose ?? [])]) {
          const s = typeof p === 'object' && p ? String((p as { target?: unknown }).target ?? '') : String(p);
          const container = containerPort(s);
          if (container) exposedPorts.push(Number(container));
        }
      }
      out.push({ path: f.path, kind: 'compose', baseImages, exposedPorts, services });
    }
  }
  return out;
}
