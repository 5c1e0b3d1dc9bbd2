/**
 * One of n8n's own poll triggers beside ours, for test/queue/static-data.test.ts: the RSS Feed
 * Trigger of n8n-nodes-base reading a feed this module serves on 127.0.0.1. Like ours it keeps
 * its position in the node's static data (the newest item's date, `lastItemDate`) and emits the
 * items newer than it; with no position it starts from the time of the poll.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { WorkflowJson } from '../../dev/n8n/harness';
import { POLL_SECONDS } from './support';

export const RSS_NODE = 'New feed items';

interface Item {
	title: string;
	published: Date;
}

/**
 * An RSS 2.0 feed whose items the test adds, with one item an hour old from the start (an empty
 * feed gives the RSS Feed Trigger no position); `onRequest` hears each request after it was answered.
 */
export class FeedServer {
	private readonly items: Item[] = [{ title: 'published an hour before the test', published: new Date(Date.now() - 3_600_000) }];
	onRequest: (() => void) | undefined;
	/** Requests answered so far. */
	requests = 0;
	private readonly server = http.createServer((_request, response) => {
		this.requests++;
		const items = [...this.items]
			.sort((a, b) => b.published.getTime() - a.published.getTime())
			.map((item) => `<item><title>${item.title}</title><guid>${item.title}</guid><pubDate>${item.published.toUTCString()}</pubDate></item>`)
			.join('');
		response.writeHead(200, { 'content-type': 'application/rss+xml' });
		response.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Test feed</title><link>http://127.0.0.1/</link><description>Test</description>${items}</channel></rss>`);
		this.onRequest?.();
	});

	async start(): Promise<string> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/feed.xml`;
	}

	/** An item published now (RSS dates have whole seconds). */
	publish(title: string): void {
		this.items.push({ title, published: new Date() });
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}

/** RSS Feed Trigger (every 5 s) → No Operation. */
export function rssWorkflow(id: string, feedUrl: string): WorkflowJson {
	return {
		id,
		name: 'RSS feed trigger',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				name: RSS_NODE,
				type: 'n8n-nodes-base.rssFeedReadTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { feedUrl, pollTimes: { item: POLL_SECONDS.map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })) } },
			},
			{ name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [200, 0], parameters: {} },
		],
		connections: { [RSS_NODE]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
	} as WorkflowJson;
}
