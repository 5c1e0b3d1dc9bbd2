/**
 * A harness that runs a real n8n (installed by dev/n8n/install.sh) headless, with a
 * community package loaded from a folder, for the e2e tests, the demo and the benchmarks.
 *
 * Uses only Node.js built-ins. Run by jest (ts-jest) or by `npx tsx`.
 *
 *   const rt = await ensureN8n();                       // installs n8n on first use
 *   const n8n = await createInstance({ packageDir: REPO_ROOT });
 *   await n8n.importCredentials([{ id: 'cred1', name: 'Api', type: 'surveyFeedbackApi', data: {...} }]);
 *   const [wf] = await n8n.importWorkflows([workflowJson]);
 *   const res = await n8n.execute(wf.id);              // `n8n execute --id=... --rawOutput`
 *   outputItems(res, 'Survey Feedback');                 // the JSON items that node emitted
 *
 *   await n8n.start();                                  // `n8n start`, owner, session, API key
 *   await n8n.activate(wf.id);                          // publish: polls once at once
 *   const execs = await n8n.waitForExecutions({ workflowId: wf.id, count: 1 });
 *   await n8n.stop();                                   // kills the whole process tree
 *
 * One file a job: paths.ts (where things are), types.ts, processes.ts (processes and ports),
 * files.ts (reading logs), runtime.ts (installing n8n, what it has), executionData.ts (reading
 * what an execution did), instance.ts (the instance, made of site.ts, workFolder.ts, cli.ts,
 * server.ts, restClient.ts, publication.ts and executions.ts). Callers import from here.
 *
 * See dev/n8n/README.md for what n8n's JSON looks like and the traps.
 */
export { INSTALL_SCRIPT, N8N_VERSIONS, PINNED_N8N_VERSION, REPO_ROOT, workRoot } from './paths';
export type { CliResult, CreateInstanceOptions, CredentialImport, ExecuteResult, ExecutionsQuery, ImportedWorkflow, N8nRuntime, WorkflowJson } from './types';
export { getFreePort, startBackground, type BackgroundProcess } from './processes';
export { readFrom, tail } from './files';
export { ensureN8n, hasModule, missingNodeTypes, n8nAtLeast, nodeTypeVersions } from './runtime';
export { nodeError, nodeRun, nodesThatRan, outputEntries, outputItems, parseJsonAfterLogs, resultDataOf } from './executionData';
export { createInstance, ENCRYPTION_KEY, N8nInstance, OWNER } from './instance';
