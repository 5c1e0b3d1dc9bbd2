import nock from 'nock';

import { collectPages, pageCountOf, recordsOf } from '../nodes/shared/paging';
import { executeContext, nodeOf } from './helpers/engine';
import { testTransport } from './helpers/transport';

const BASE = 'https://api.survey.test';

/** n8n-core's execute context of a Survey Feedback node. */
const ctx = () =>
	executeContext({
		node: nodeOf('surveyFeedback', { authentication: 'apiKeyHeader', resource: 'feedback', operation: 'getMany' }),
		credentials: { surveyFeedbackApi: { apiKey: 'k', baseUrl: BASE } },
	});

const walk = { request: { method: 'GET' as const, path: '/api/v2/feedback', label: 'Feedback: Get Many' }, recordsKey: 'responses' };

/** collectPages through the node's own transport. */
const collect = (pageWalk: typeof walk, options: { returnAll: boolean; limit: number }) => {
	const context = ctx();
	return collectPages(context, testTransport().for(context, 'Feedback: Get Many'), pageWalk, options);
};

const records = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `r${from + i}` }));

/** Serves `total` records in pages, with the paging fields placed as `shape` says. */
function serve(total: number, shape: (page: number, limit: number) => object, key = 'responses') {
	const pagesAsked: number[] = [];
	nock(BASE)
		.get('/api/v2/feedback')
		.query(true)
		.times(100)
		.reply(200, (uri) => {
			const url = new URL(uri, BASE);
			const page = Number(url.searchParams.get('page'));
			const limit = Number(url.searchParams.get('limit'));
			pagesAsked.push(page);
			const slice = records((page - 1) * limit, Math.max(0, Math.min(limit, total - (page - 1) * limit)));
			return { message: 'Success.', code: 200, data: { [key]: slice }, ...shape(page, limit) };
		});
	return pagesAsked;
}


afterEach(() => nock.cleanAll());

test('records are found under data.<key>, at the top level, or as data itself', () => {
	expect(recordsOf({ data: { responses: [{ id: 1 }] } }, 'responses')).toEqual([{ id: 1 }]);
	expect(recordsOf({ campaigns: [{ id: 2 }] }, 'campaigns')).toEqual([{ id: 2 }]);
	expect(recordsOf({ data: [{ id: 3 }] }, 'templates')).toEqual([{ id: 3 }]);
	expect(recordsOf({ message: 'x' }, 'templates')).toEqual([]);
});

test('the page count is read from pages, or total over limit, in data or at the top', () => {
	expect(pageCountOf({ data: { pages: 4 } }, 1000)).toBe(4);
	expect(pageCountOf({ pages: '3' }, 1000)).toBe(3);
	expect(pageCountOf({ data: { total: 2500, limit: '1000' } }, 1000)).toBe(3);
	expect(pageCountOf({ data: { totalNumberOfPages: 7 } }, 20)).toBe(7);
	expect(pageCountOf({ data: {} }, 1000)).toBeUndefined();
});

test('with no paging fields, Return All asks for 1000 a page until an empty page', async () => {
	const pagesAsked = serve(3000, () => ({}));
	const result = await collect(walk, { returnAll: true, limit: 0 });
	expect(result).toHaveLength(3000);
	expect(pagesAsked).toEqual([1, 2, 3, 4]);
});

test('pages inside data end the walk without an extra request', async () => {
	nock(BASE)
		.get('/api/v2/feedback')
		.query((query) => query.limit === '1000')
		.times(2)
		.reply(200, (uri) => {
			const page = Number(new URL(uri, BASE).searchParams.get('page'));
			return { data: { responses: records((page - 1) * 1000, 1000), page, pages: 2 } };
		});
	expect(await collect(walk, { returnAll: true, limit: 0 })).toHaveLength(2000);
	expect(nock.isDone()).toBe(true);
});

test('pages at the top level end the walk without an extra request', async () => {
	const pagesAsked = serve(3000, () => ({ pages: 3 }));
	expect(await collect(walk, { returnAll: true, limit: 0 })).toHaveLength(3000);
	expect(pagesAsked).toEqual([1, 2, 3]);
});

test('total inside data ends the walk', async () => {
	nock(BASE)
		.get('/api/v2/feedback')
		.query(true)
		.times(10)
		.reply(200, (uri) => {
			const page = Number(new URL(uri, BASE).searchParams.get('page'));
			return { data: { responses: records((page - 1) * 1000, page <= 2 ? 1000 : 0), total: 2000, limit: 1000 } };
		});
	const result = await collect(walk, { returnAll: true, limit: 0 });
	expect(result).toHaveLength(2000);
	expect(nock.pendingMocks()).toHaveLength(1); // the third page was never asked for
});

test('a short page ends the walk', async () => {
	const pagesAsked = serve(2500, () => ({}));
	expect(await collect(walk, { returnAll: true, limit: 0 })).toHaveLength(2500);
	expect(pagesAsked).toEqual([1, 2, 3]);
});

test('a service that ignores `page` and repeats page 1 cannot loop forever', async () => {
	let calls = 0;
	nock(BASE)
		.get('/api/v2/feedback')
		.query(true)
		.times(50)
		.reply(200, () => (calls++, { data: { responses: records(0, 1000), pages: 40 } }));
	const result = await collect(walk, { returnAll: true, limit: 0 });
	expect(result).toHaveLength(1000);
	expect(calls).toBe(2);
});

test('Limit asks for no more than it needs and stops once it has them', async () => {
	const pagesAsked = serve(5000, () => ({ pages: 100 }));
	const result = await collect(walk, { returnAll: false, limit: 30 });
	expect(result.map((r) => r.id)).toEqual(records(0, 30).map((r) => r.id));
	expect(pagesAsked).toEqual([1]);
});

test('a limit above one page walks as many pages as needed', async () => {
	const pagesAsked = serve(5000, () => ({}));
	expect(await collect(walk, { returnAll: false, limit: 1500 })).toHaveLength(1500);
	expect(pagesAsked).toEqual([1, 2]);
});

test('a service that caps the page size below 1000 is still walked to the end', async () => {
	nock(BASE)
		.get('/api/v2/feedback')
		.query(true)
		.times(10)
		.reply(200, (uri) => {
			const page = Number(new URL(uri, BASE).searchParams.get('page'));
			return { data: { responses: records((page - 1) * 100, page <= 3 ? 100 : 0), limit: 100 } };
		});
	expect(await collect(walk, { returnAll: true, limit: 0 })).toHaveLength(300);
});

test('a known page count wins over a short page', async () => {
	nock(BASE)
		.get('/api/v2/feedback')
		.query(true)
		.times(3)
		.reply(200, (uri) => {
			const page = Number(new URL(uri, BASE).searchParams.get('page'));
			return { data: { responses: records((page - 1) * 500, 500), pages: 3 } };
		});
	expect(await collect(walk, { returnAll: true, limit: 0 })).toHaveLength(1500);
	expect(nock.isDone()).toBe(true);
});
