import type { Env, Hono } from 'hono';

/** The methods `app` answers at `path` (`:param` segments match any one segment); HEAD comes with GET. */
export function allowedMethods<E extends Env>(app: Hono<E>, path: string): string[] {
  const methods = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const pattern = new RegExp(`^${route.path.replaceAll(/:[^/]+/g, '[^/]+')}$`);
    if (pattern.test(path)) methods.add(route.method);
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
