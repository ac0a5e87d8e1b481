// CloudFront Function (runtime cloudfront-js-2.0) on the viewer requests of the
// web client's behaviour only (infra/web-client.ts), so the API's own 403 and 404
// problem documents are never turned into the app. It maps a path to the file the
// bucket holds, as `npm start` does (functions/local/web-app.ts): a path naming a
// file (its last segment has an extension) is left alone; a folder with its own
// page gets that page (/docs → /docs/index.html, Redoc); any other path is one of
// the single-page app's routes (/, /g/{id}, …) and gets /index.html, answered 200.
// Plain JavaScript: CloudFront runs this file as is, and test/infra/web-client.test.ts
// runs it in Node against sample requests.

/** Folders of web/dist with an index.html of their own (test/infra checks the build against it). */
const FOLDER_PAGES = ['/docs'];

function handler(event) {
  const request = event.request;
  const uri = request.uri;
  const lastSegment = uri.slice(uri.lastIndexOf('/') + 1);
  if (lastSegment.lastIndexOf('.') > 0) return request;
  const folder = uri.replace(/\/+$/, '');
  request.uri = FOLDER_PAGES.includes(folder) ? folder + '/index.html' : '/index.html';
  return request;
}
