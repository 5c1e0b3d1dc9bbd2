/**
 * Jest setup for every test file: nock, where a file uses it, is undone when the file ends.
 *
 * Importing nock takes over Node's http module, and that module is one for all the test files
 * jest runs in the same process (all of them, on a two-core machine). Left active, a file's
 * interception would stay under the requests of the files after it, and the next file that
 * imports nock would lay a second one over it. A request through two interceptors rides a mock
 * socket that never gets the real socket's handle: every read of a long answer then waits for a
 * `connect` that has already happened, and the listeners pile up (MaxListenersExceededWarning).
 */
import http from 'node:http';
import type { ClientRequest } from 'node:http';

// Node's own ClientRequest: nock puts its own class in `http.ClientRequest` while it is active.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const NodeClientRequest = (require('_http_client') as { ClientRequest: typeof ClientRequest }).ClientRequest;

afterAll(() => {
	if (http.ClientRequest === NodeClientRequest) return;
	// The nock this file imported (the file's own module registry): its mocks and its interception go.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const nock = require('nock') as typeof import('nock');
	nock.cleanAll();
	nock.restore();
});
