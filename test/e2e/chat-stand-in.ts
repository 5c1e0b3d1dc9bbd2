/**
 * A scripted stand-in for OpenAI's Chat Completions API (`POST /v1/chat/completions`), so that
 * n8n's OpenAI Chat Model node can drive an AI Agent in the tests with no model and no network.
 * Each request is recorded whole (what n8n sends a model: messages, tools with their JSON
 * schemas); the test's script decides the answer: a final text or tool calls.
 *
 * n8n 2.41.1's agent asks without streaming (`"stream": false`) when run by `n8n execute`; a
 * streaming request is refused with 400 so that a change shows as a clear failure.
 */
import * as http from 'node:http';

export interface ChatRequest {
	authorization: string | undefined;
	body: {
		model: string;
		stream?: boolean;
		messages: Array<{ role: string; content: unknown; tool_calls?: ChatToolCall[]; tool_call_id?: string }>;
		tools?: ChatTool[];
		[key: string]: unknown;
	};
}

export interface ChatTool {
	type: 'function';
	function: { name: string; description: string; parameters: { properties: Record<string, any>; required?: string[] } };
}

export interface ChatToolCall {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

export type ChatReply = { text: string } | { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> };
export type ChatScript = (request: ChatRequest, turn: number) => ChatReply;

export class ChatStandIn {
	readonly requests: ChatRequest[] = [];
	private server: http.Server | undefined;

	/** Decides each answer; a test may swap it between runs. */
	constructor(public script: ChatScript) {}

	listen(port: number): Promise<void> {
		this.server = http.createServer((req, res) => {
			let raw = '';
			req.on('data', (chunk) => (raw += chunk));
			req.on('end', () => this.answer(req, raw, res));
		});
		return new Promise((resolve, reject) => {
			this.server!.once('error', reject);
			this.server!.listen(port, '127.0.0.1', () => resolve());
		});
	}

	close(): Promise<void> {
		return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
	}

	private answer(req: http.IncomingMessage, raw: string, res: http.ServerResponse): void {
		const send = (status: number, body: unknown) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
			return send(404, { error: { message: `stand-in: no ${req.method} ${req.url}` } });
		}
		const request: ChatRequest = { authorization: req.headers.authorization, body: JSON.parse(raw) };
		this.requests.push(request);
		if (request.body.stream) return send(400, { error: { message: 'stand-in: streaming is not scripted' } });
		let reply: ChatReply;
		try {
			reply = this.script(request, this.requests.length);
		} catch (error) {
			return send(500, { error: { message: `stand-in script failed: ${(error as Error).message}` } });
		}
		const turn = this.requests.length;
		const message =
			'text' in reply
				? { role: 'assistant', content: reply.text }
				: {
						role: 'assistant',
						content: null,
						tool_calls: reply.toolCalls.map((call, i) => ({
							id: `call_${turn}_${i + 1}`,
							type: 'function',
							function: { name: call.name, arguments: JSON.stringify(call.arguments) },
						})),
					};
		send(200, {
			id: `chatcmpl-e2e-${turn}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: request.body.model,
			choices: [{ index: 0, message, finish_reason: 'text' in reply ? 'stop' : 'tool_calls', logprobs: null }],
			usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
		});
	}
}

/** The tool messages of a request (what the tools returned), by the name of the tool that was called. */
export function toolResults(request: ChatRequest): Array<{ tool: string; arguments: Record<string, unknown>; content: string }> {
	const calls = new Map<string, ChatToolCall>();
	for (const message of request.body.messages) for (const call of message.tool_calls ?? []) calls.set(call.id, call);
	return request.body.messages
		.filter((message) => message.role === 'tool')
		.map((message) => {
			const call = calls.get(message.tool_call_id!);
			return { tool: call?.function.name ?? '?', arguments: JSON.parse(call?.function.arguments ?? '{}'), content: String(message.content) };
		});
}
