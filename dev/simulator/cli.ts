/**
 * npx tsx dev/simulator/cli.ts [--port N] [--legacy-port N] [--seed demo|large|empty]
 *                               [--rate-limit 150/60000|fixed:150/60000|bucket:2.5/10|nginx|off] [--retry-after]
 *                               [--rate-limit-headers none|x|ietf|ietfStructured]
 *                               [--unregistered-properties accept|refuse] [--responses spec|full] [--quiet]
 * Prints the URLs and demo keys, then "Simulator ready"; runs until SIGINT or SIGTERM.
 */
import { start, type SimulatorOptions } from './index';
import { describeRateLimit, parseRateLimit, parseRateLimitText, RATE_LIMIT_HEADERS, DEFAULT_RATE_LIMIT, type RateLimitHeaders } from './ratelimit';
import type { SeedOption } from './seed';

function usage(msg: string): never {
	console.error(`${msg}\nusage: cli.ts [--port N] [--legacy-port N] [--seed demo|large|empty] [--rate-limit [sliding:|fixed:]LIMIT/WINDOW_MS|bucket:PER_SECOND/BURST|gcra:PER_SECOND/BURST (two joined by +)|draw:SEED|nginx|off] [--retry-after] [--rate-limit-headers ${RATE_LIMIT_HEADERS.join('|')}] [--unregistered-properties accept|refuse] [--responses spec|full] [--quiet]`);
	process.exit(2);
}

function parseArgs(argv: string[]): SimulatorOptions & { quiet: boolean } {
	const opts: SimulatorOptions & { quiet: boolean } = { port: 4010, legacyPort: 4011, seed: 'demo', quiet: false };
	let rate: ReturnType<typeof parseRateLimitText> = {};
	let retryAfter = false;
	let headers: RateLimitHeaders = 'none';
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const value = () => argv[++i] ?? usage(`${arg} needs a value`);
		const port = (v: string) => (/^\d+$/.test(v) ? Number(v) : usage(`${arg}: not a port: ${v}`));
		switch (arg) {
			case '--port':
				opts.port = port(value());
				break;
			case '--legacy-port':
				opts.legacyPort = port(value());
				break;
			case '--seed': {
				const s = value();
				if (!['demo', 'large', 'empty'].includes(s)) usage(`--seed: ${s}`);
				opts.seed = s as SeedOption;
				break;
			}
			case '--rate-limit': {
				const v = value();
				try {
					rate = parseRateLimitText(v);
				} catch (err) {
					usage(`--rate-limit: ${(err as Error).message}`);
				}
				break;
			}
			case '--rate-limit-headers': {
				const v = value();
				if (!RATE_LIMIT_HEADERS.includes(v as RateLimitHeaders)) usage(`--rate-limit-headers: ${v}`);
				headers = v as RateLimitHeaders;
				break;
			}
			case '--retry-after':
				retryAfter = true;
				break;
			case '--unregistered-properties': {
				const v = value();
				if (v !== 'accept' && v !== 'refuse') usage(`--unregistered-properties: ${v}`);
				opts.unregisteredProperties = v as 'accept' | 'refuse';
				break;
			}
			case '--responses': {
				const v = value();
				if (v !== 'spec' && v !== 'full') usage(`--responses: ${v}`);
				opts.responses = v as 'spec' | 'full';
				break;
			}
			case '--quiet':
				opts.quiet = true;
				break;
			case '--help':
			case '-h':
				usage('Survey Feedback Service simulator');
				break;
			default:
				usage(`unknown option ${arg}`);
		}
	}
	try {
		opts.rateLimit = rate && parseRateLimit({ ...rate, retryAfter, headers }, DEFAULT_RATE_LIMIT);
	} catch (err) {
		usage(`--rate-limit: ${(err as Error).message}`);
	}
	return opts;
}

async function main(): Promise<void> {
	const opts = parseArgs(process.argv.slice(2));
	const t0 = Date.now();
	const sim = await start({
		...opts,
		onRequest: opts.quiet
			? undefined
			: (e) => console.log(`${e.time} ${e.method} ${e.path}${e.rawQuery ? `?${e.rawQuery}` : ''} -> ${e.status ?? 'dropped'}${e.fault ? ` [fault ${e.fault}]` : ''} (${e.durationMs} ms)`),
	});
	const state = sim.state();
	console.log(`Survey Feedback simulator (seed ${JSON.stringify(state.seed)}, built in ${Date.now() - t0} ms)`);
	console.log(`  v2 base URL:      ${sim.baseUrl}`);
	console.log(`  legacy base URL:  ${sim.legacyBaseUrl}`);
	console.log(`  control URL:      ${sim.controlUrl}`);
	console.log(`  rate limit:       ${describeRateLimit(state.config.rateLimit)}`);
	console.log(`  property labels:  ${state.config.unregisteredProperties === 'refuse' ? `only registered labels (${state.config.registeredProperties.join(', ')})` : 'any label accepted'}`);
	for (const a of sim.accounts) {
		const counts = state.accounts.find((x) => x.id === a.id)?.counts;
		console.log(`  account ${a.name} [${a.id}, ${a.timezone}]`);
		console.log(`    write key: ${a.writeKey}   read key: ${a.readKey}`);
		if (counts) console.log(`    ${counts.customers} customers, ${counts.feedback} feedback, ${counts.outbox} outbox`);
	}
	console.log('Simulator ready');

	const stop = async (signal: string) => {
		console.log(`${signal}: stopping the simulator`);
		await sim.close();
		process.exit(0);
	};
	process.once('SIGINT', () => void stop('SIGINT'));
	process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
	console.error(err);
	process.exit(1);
});
