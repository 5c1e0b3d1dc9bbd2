/**
 * Survey Feedback credentials that point a real n8n at the local simulator (dev/simulator), for
 * the demo, `npm run dev` and `dev:queue`, the e2e, browser and queue tests, and the benchmarks:
 * the one place that knows a credential's fields.
 *
 *   await n8n.importCredentials([simulatorCredential(sim, { id, name, apiKey: sim.accounts[0].writeKey })]);
 */
import { CREDENTIAL_DEFAULTS } from '../../credentials/defaults';
import type { Simulator } from '../simulator';
import type { CredentialImport } from './harness';

/** The three credential types of the package (the node's `authentication` selects one). */
export type SurveyFeedbackCredentialType = 'surveyFeedbackApi' | 'surveyFeedbackLegacyHeaderApi' | 'surveyFeedbackQueryAuthApi';

export interface SimulatorCredentialSpec {
	id: string;
	name: string;
	/** Default surveyFeedbackApi (the key in the X-Api-Key header). */
	type?: SurveyFeedbackCredentialType;
	apiKey: string;
	/** The account's limit, when the simulator runs another than the documented one: the credential then states it. */
	limit?: { limit: number; windowMs: number };
	/** Other credential fields, e.g. maxRetryWait in seconds. */
	data?: Record<string, number>;
}

/**
 * A credential whose addresses are the simulator's (v2 and legacy), with the credential's default
 * Max Rate Limit Wait, and the limit stated when `limit` is given.
 */
export function simulatorCredential(sim: Pick<Simulator, 'baseUrl' | 'legacyBaseUrl'>, spec: SimulatorCredentialSpec): CredentialImport {
	return {
		id: spec.id,
		name: spec.name,
		type: spec.type ?? 'surveyFeedbackApi',
		data: {
			apiKey: spec.apiKey,
			baseUrl: sim.baseUrl,
			legacyBaseUrl: sim.legacyBaseUrl,
			maxRateLimitWait: CREDENTIAL_DEFAULTS.maxRateLimitWaitSeconds,
			...statedRateLimit(spec.limit),
			...spec.data,
		},
	};
}

/**
 * The fields of a Survey Feedback credential that state an account's limit, for a simulator that
 * runs another limit than the documented one (none when it runs the documented one).
 */
function statedRateLimit(limit?: { limit: number; windowMs: number }): Record<string, number> {
	return limit ? { rateLimitRequests: limit.limit, rateLimitWindow: limit.windowMs / 1000 } : {};
}

/** The credential the example workflows (examples/) name, by id. */
export const EXAMPLES_CREDENTIAL = { id: 'sfSimulatorCredential', name: 'Survey Feedback (simulator)' };
/** Beside it in `npm run dev` and `dev:queue`: the same account with its read-only key. */
export const READ_ONLY_CREDENTIAL = { id: 'sfSimulatorReadOnly', name: 'Survey Feedback (simulator, read-only key)' };

/** The examples' credential: the simulator's first account (the demo seed's), with its write key. */
export function examplesCredential(sim: Simulator): CredentialImport {
	return simulatorCredential(sim, { ...EXAMPLES_CREDENTIAL, apiKey: sim.accounts[0].writeKey });
}

/** The examples' credential and the read-only one, for an n8n a person works in. */
export function devCredentials(sim: Simulator): CredentialImport[] {
	return [examplesCredential(sim), simulatorCredential(sim, { ...READ_ONLY_CREDENTIAL, apiKey: sim.accounts[0].readKey })];
}
