import { handle } from 'hono/aws-lambda';
import { createApp } from '../app/app.js';
import { lambdaServiceContext } from './runtime.js';

/** The HTTP API (API Gateway HTTP API, payload v2): the same Hono app as `npm start`. */
const app = createApp(lambdaServiceContext(), { log: (line) => console.log(JSON.stringify(line)) });

export const handler = handle(app);
