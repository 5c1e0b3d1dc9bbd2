/**
 * Feedback: Set Tags and Set Topics, run in n8n's own engine against the simulator: Append and
 * Replace, bad input, one request per item, and which of them is retried after a 5xx.
 */

import { pathOf } from '../helpers/engine';
import { expression, field } from '../helpers/parameters';
import { useFeedbackAccount } from './feedbackAccount';

const { sim, run, insertFeedback } = useFeedbackAccount();

describe('Feedback: Set Tags and Set Topics', () => {
	let id: string;
	beforeAll(() => {
		id = String(insertFeedback('tags@feedback-test.com', ['2026-01-20T10:00:00Z'], { tags: ['existing'], topics: [{ name: 'Speed', sentiment: 'positive' }] })[0].id);
	});

	it('Append sends op "append" and adds the tags', async () => {
		const { json, sent, error } = await run('setTags', { feedbackId: id, mode: 'append', tags: 'pricing, vip' });
		expect(error).toBeUndefined();
		expect(sent.map((request) => [request.method, pathOf(request), request.body])).toEqual([
			['POST', '/api/v2/response/tags', { id, tags: ['pricing', 'vip'], op: 'append' }],
		]);
		expect(json[0].tags).toEqual(['existing', 'pricing', 'vip']);
	});

	it('Replace leaves op out and overrides the tags', async () => {
		const { json, sent } = await run('setTags', { feedbackId: id, mode: 'replace', tags: expression(['only']) });
		expect(sent[0].body).toEqual({ id, tags: ['only'] });
		expect(json[0].tags).toEqual(['only']);
	});

	it('Append with no tags fails before any request', async () => {
		const { error, sent } = await run('setTags', { feedbackId: id, mode: 'append', tags: '' });
		expect(error?.message).toContain('Tags: add at least one to append [item 0]');
		expect(sent).toHaveLength(0);
	});

	it('Set Topics: a topic without sentiment is neutral; Append sends op "append"', async () => {
		const { json, sent } = await run('setTopics', {
			feedbackId: id,
			mode: 'append',
			topics: { topic: [{ name: 'Price', sentiment: 'negative' }, { name: 'Docs', sentiment: '' }] },
		});
		expect(sent[0].body).toEqual({ id, op: 'append', topics: [{ name: 'Price', sentiment: 'negative' }, { name: 'Docs', sentiment: 'neutral' }] });
		expect(pathOf(sent[0])).toBe('/api/v2/response/topics');
		expect(json[0].topics).toEqual([
			{ name: 'Speed', sentiment: 'positive' },
			{ name: 'Price', sentiment: 'negative' },
			{ name: 'Docs', sentiment: 'neutral' },
		]);
	});

	it('Set Topics: Replace overrides, and a bad sentiment fails before any request', async () => {
		const replaced = await run('setTopics', { feedbackId: id, mode: 'replace', topics: { topic: [{ name: 'Support', sentiment: 'positive' }] } });
		expect(replaced.sent[0].body).toEqual({ id, topics: [{ name: 'Support', sentiment: 'positive' }] });
		expect(replaced.json[0].topics).toEqual([{ name: 'Support', sentiment: 'positive' }]);
		const bad = await run('setTopics', { feedbackId: id, mode: 'replace', topics: { topic: [{ name: 'X', sentiment: 'angry' }] } });
		expect(bad.error?.message).toMatch(/Topics: entry 1 has sentiment "angry".*\[item 0\]$/);
		expect(bad.sent).toHaveLength(0);
	});

	it('one request per item, each paired to its item', async () => {
		const { output, sent } = await run('setTags', { feedbackId: id, mode: 'append', tags: field('tag') }, [{ tag: 'one' }, { tag: 'two' }]);
		expect(sent).toHaveLength(2);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('Replace is retried after a 5xx; Append is not', async () => {
		sim.configure({ faults: [{ kind: 500, match: { method: 'POST', pathPrefix: '/api/v2/response/tags' }, count: 1 }] });
		const replace = await run('setTags', { feedbackId: id, mode: 'replace', tags: 'again' });
		expect(replace.error).toBeUndefined();
		expect(replace.sent).toHaveLength(2);

		sim.configure({ faults: [{ kind: 500, match: { method: 'POST', pathPrefix: '/api/v2/response/tags' }, count: 1 }] });
		const append = await run('setTags', { feedbackId: id, mode: 'append', tags: 'more' });
		expect(append.error?.message).toMatch(/HTTP 500/);
		expect(append.sent).toHaveLength(1);
	});
});
