import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../../functions/local/web-app.js';
import { PROJECT_ROOT } from '../../infra/stack.js';
import { PATHS_FUNCTION_FILE, REVALIDATED_PATHS, WebClient } from '../../infra/web-client.js';

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

interface ViewerRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}

/** The CloudFront Function's file, run as CloudFront runs it: a script whose `handler` gets the viewer-request event. */
const handler = runInNewContext(`${readFileSync(PATHS_FUNCTION_FILE, 'utf8')}\nhandler`, {}) as (event: unknown) => ViewerRequest;

function viewerRequest(uri: string): ViewerRequest {
  const request = { method: 'GET', uri, querystring: { v: { value: '1' } }, headers: { host: { value: 'd111.cloudfront.net' } }, cookies: {} };
  return handler({ version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '198.51.100.7' }, request });
}
const rewrite = (uri: string) => viewerRequest(uri).uri;

describe("the web client's paths function (CloudFront, viewer request)", () => {
  it("answers the app's own routes with index.html", () => {
    for (const uri of ['/', '/g/g_abc123', '/g/g_abc123/', '/games', '/account', '/docs/unknown']) expect(rewrite(uri), uri).toBe('/index.html');
  });

  it('leaves a path naming a file as it is', () => {
    for (const uri of ['/assets/index-CbWvftmo.js', '/assets/x.css', '/index.html', '/docs/redoc.standalone.js', '/missing.png']) {
      expect(rewrite(uri), uri).toBe(uri);
    }
  });

  it('answers /docs with the API reference page', () => {
    expect(rewrite('/docs')).toBe('/docs/index.html');
    expect(rewrite('/docs/')).toBe('/docs/index.html');
  });

  it('changes nothing but the path', () => {
    expect(viewerRequest('/g/g_abc')).toEqual({
      method: 'GET',
      uri: '/index.html',
      querystring: { v: { value: '1' } },
      headers: { host: { value: 'd111.cloudfront.net' } },
      cookies: {},
    });
  });

  it('maps every path the built client has to a file that exists, as npm start serves it', () => {
    // test/web/global-setup.ts has built web/dist.
    const built = new Set(filesUnder(WEB_DIST));
    expect(built).toContain('index.html');
    for (const file of built) expect(rewrite(`/${file}`), file).toBe(`/${file}`);
    const folderPages = [...built].filter((file) => file.endsWith('/index.html')).map((file) => `/${file.slice(0, -'/index.html'.length)}`);
    expect(folderPages).toContain('/docs');
    for (const folder of folderPages) expect(rewrite(folder), folder).toBe(`${folder}/index.html`);
  });
});

describe("the web client's deployed files", () => {
  const outdir = mkdtempSync(join(tmpdir(), 'web-client-synth-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it("are the build npm start serves (built first when missing or stale), without the API's own openapi.json", () => {
    // Bundling on, as in `cdk synth`: the asset runs functions/local/web-app.ts and copies web/dist.
    const app = new App({ outdir });
    const stack = new Stack(app, 'WebOnly', { env: { region: 'eu-west-1' } });
    const web = new WebClient(stack, 'Web', { projectRoot: PROJECT_ROOT });
    web.deployTo(new cloudfront.Distribution(stack, 'Edge', { defaultBehavior: web.behavior }));
    const assembly = app.synth();

    const keys = Object.values(Template.fromStack(stack).findResources('Custom::CDKBucketDeployment')).map((d) => d.Properties.SourceObjectKeys);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toEqual(keys[1]);
    const [zip] = keys[0] as [string];
    const staged = join(assembly.directory, `asset.${zip.replace(/\.zip$/, '')}`);
    const deployed = filesUnder(staged);
    expect(deployed).toEqual(filesUnder(WEB_DIST).filter((file) => file !== 'openapi.json'));
    expect(deployed).toEqual(expect.arrayContaining(['index.html', 'docs/index.html', 'docs/redoc.standalone.js']));
    expect(deployed.some((file) => /^assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
    expect(readFileSync(join(staged, 'index.html'), 'utf8')).toBe(readFileSync(join(WEB_DIST, 'index.html'), 'utf8'));
  });

  it('are invalidated at the edge on each deployment wherever their names are not content-hashed', () => {
    // An invalidation path is a path, or a prefix ending in `*`.
    const invalidated = (path: string) => REVALIDATED_PATHS.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p));
    const pages = filesUnder(WEB_DIST).filter((file) => !file.startsWith('assets/') && file !== 'openapi.json');
    expect(pages).toContain('index.html');
    for (const page of pages) expect(invalidated(`/${page}`), page).toBe(true);
  });
});
