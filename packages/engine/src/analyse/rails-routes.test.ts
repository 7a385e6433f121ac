import { describe, expect, it } from 'vitest';
import { railsRoutes } from './rails-routes.ts';
import { routesPass } from './routes.ts';
import { languagesPass } from './languages.ts';
import { sourcesFromMap } from './sources.ts';

const ROUTES = [
  'Rails.application.routes.draw do',
  '  root to: "home#index",',
  '    as: "root"',
  '  get "/login" => "login#index"',
  '  post "/login" => "login#login" # signs in',
  '  match "/login/set_new_password" => "login#set_new_password",',
  '    :as => "set_new_password", :via => [:get, :post]',
  '  constraints id: /[^\\/]+/ do',
  '    get "/domains/:id" => "home#for_domain"',
  '  end',
  '  resources :stories, only: [:index, :show] do',
  '    resources :comments, except: %i[edit update destroy]',
  '    member do',
  '      post :upvote',
  '    end',
  '    collection do',
  '      get :hidden',
  '    end',
  '  end',
  '  namespace :mod do',
  '    resource :notes',
  '  end',
  '  get "/about" => "about#index"',
  'end',
].join('\n');

describe('Rails routes', () => {
  const routes = railsRoutes('config/routes.rb', ROUTES);
  const rows = routes.map((r) => `${r.method} ${r.path} :${r.line}`);

  it('reads verb lines, root and match with its verbs, each at its line, inside blocks that add no prefix', () => {
    expect(rows).toContain('GET / :2');
    expect(rows).toContain('GET /login :4');
    expect(rows).toContain('POST /login :5');
    expect(rows).toContain('GET|POST /login/set_new_password :6');
    expect(rows).toContain('GET /domains/:id :9');
    expect(routes.find((r) => r.line === 4)!.handler).toBe('login#index');
  });

  it("expands resources to the actions only/except keep, nests them under the parent's id", () => {
    expect(rows.filter((r) => r.includes('/stories') && !r.includes('comments'))).toEqual([
      'GET /stories :11',
      'GET /stories/:id :11',
      'POST /stories/:id/upvote :14',
      'GET /stories/hidden :17',
    ]);
    expect(rows.filter((r) => r.includes('comments'))).toEqual([
      'GET /stories/:story_id/comments :12',
      'POST /stories/:story_id/comments :12',
      'GET /stories/:story_id/comments/new :12',
      'GET /stories/:story_id/comments/:id :12',
    ]);
  });

  it("prefixes a namespace's routes, a singular resource has no id, and a block's end closes its prefix", () => {
    expect(rows.filter((r) => r.includes('/mod/'))).toEqual([
      'POST /mod/notes :21',
      'GET /mod/notes/new :21',
      'GET /mod/notes :21',
      'GET /mod/notes/edit :21',
      'PATCH /mod/notes :21',
      'DELETE /mod/notes :21',
    ]);
    expect(rows).toContain('GET /about :23');
  });

  it('are found by the routes pass in config/routes.rb only', () => {
    const src = sourcesFromMap({
      'config/routes.rb': ROUTES,
      'app/models/story.rb': 'class Story\n  def get\n  end\nend\n',
    });
    const found = routesPass(src, languagesPass(src).files);
    expect(found.length).toBe(routes.length);
    expect(new Set(found.map((r) => r.framework))).toEqual(new Set(['Rails']));
  });
});
