/**
 * `npm run demo`: the example workflows of examples/ run in a real n8n (installed on first use)
 * against the local simulator of the service, with a short summary of each: what went in, what
 * came out, and which requests the service saw (dev/n8n/demo.ts). Exits 0 when every example did
 * what it shows.
 */
import { runDemo } from '../dev/n8n/demo';

runDemo().then(
	(ok) => process.exit(ok ? 0 : 1),
	(error) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	},
);
