export type { ApiContext } from './connection';
export { pause, realClock, type Clock } from './clock';
export { AccountPacer, DEFAULT_TUNING, type KnownLimit, type LimitHeaders, type PacerTuning, type RateLimit, type Turn, type TurnOptions, type TurnOutcome } from './pacer';
export { rateLimitHeaders, retryAfterMs } from './answers';
export { flattenQuery, joinUrl, type ApiRequest } from './request';
export { sharedTransport, Transport, type RetryTiming, type ServiceApi, type TransportParts } from './transport';
