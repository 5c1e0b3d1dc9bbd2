/** Reading what n8n printed or stored about an execution: its run data, a node's items, its errors. */

/**
 * Parses the JSON n8n prints after its log lines: from the first line that is exactly `{` to
 * the first line after it that is exactly `}` (JSON.stringify(..., null, 2) closes the top
 * object at column 0; nested lines are indented). Null when there is none.
 */
export function parseJsonAfterLogs(stdout: string): any | null {
	const lines = stdout.split(/\r?\n/);
	const start = lines.indexOf('{');
	if (start < 0) return null;
	const end = lines.indexOf('}', start + 1);
	if (end < 0) return null;
	try {
		return JSON.parse(lines.slice(start, end + 1).join('\n'));
	} catch {
		return null;
	}
}

/** Finds `resultData` in an execute result, an IRun, an execution from the public API, or IRunExecutionData. */
export function resultDataOf(x: any): any | undefined {
	if (!x || typeof x !== 'object') return undefined;
	if (x.resultData) return x.resultData;
	if (x.data?.resultData) return x.data.resultData;
	if (x.data?.data?.resultData) return x.data.data.resultData;
	return undefined;
}

/** The task data of one run of a node: `{ startTime, executionTime, executionStatus, source, data: { main: [[items]] }, error? }`. */
export function nodeRun(result: any, nodeName: string, runIndex = 0): any {
	const resultData = resultDataOf(result);
	if (!resultData) {
		throw new Error(`no execution data in this result (was it read without includeData, or did n8n fail before running?)`);
	}
	const runs = resultData.runData?.[nodeName];
	if (!runs) {
		const ran = Object.keys(resultData.runData ?? {}).join(', ') || 'none';
		const err = resultData.error ? `; execution error: ${resultData.error.message}` : '';
		throw new Error(`node "${nodeName}" did not run (nodes that ran: ${ran})${err}`);
	}
	const run = runs[runIndex < 0 ? runs.length + runIndex : runIndex];
	if (!run) throw new Error(`node "${nodeName}" has ${runs.length} run(s); no run ${runIndex}`);
	return run;
}

/** Full items (`{ json, binary?, pairedItem }`) that a node emitted on one output in one run. */
export function outputEntries(result: any, nodeName: string, outputIndex = 0, runIndex = 0): any[] {
	const run = nodeRun(result, nodeName, runIndex);
	return run.data?.main?.[outputIndex] ?? [];
}

/** The JSON of the items a node emitted on one output (default the first) in one run (default the first; -1 for the last). */
export function outputItems(result: any, nodeName: string, outputIndex = 0, runIndex = 0): any[] {
	return outputEntries(result, nodeName, outputIndex, runIndex).map((item) => item.json);
}

/**
 * The error a node failed with (`{ message, description?, name?, httpCode?, stack, ... }`),
 * or undefined when it ran without one. With no node name: the execution's error
 * (`resultData.error`), set when any node failed without continueOnFail.
 */
export function nodeError(result: any, nodeName?: string, runIndex = 0): any | undefined {
	if (!nodeName) return resultDataOf(result)?.error;
	return nodeRun(result, nodeName, runIndex).error;
}

/**
 * How a run printed by `n8n execute` ended: its `status`, except that n8n 1.85 prints every
 * finished run as "running" (then `finished` is true on success, and a failure has its error).
 */
export function runStatus(data: any): string | null {
	if (typeof data?.status !== 'string') return null;
	if (data.status !== 'running' || !data.stoppedAt) return data.status;
	return data.finished ? 'success' : resultDataOf(data)?.error ? 'error' : data.status;
}

/** Names of the nodes that ran, in no particular order. */
export function nodesThatRan(result: any): string[] {
	return Object.keys(resultDataOf(result)?.runData ?? {});
}
