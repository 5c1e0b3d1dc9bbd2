export type { ApiContext } from './connection';
export { AccountPacer, DEFAULT_TUNING, type Clock, type KnownLimit, type LimitHeaders, type PacerTuning, type RateLimit, type Turn, type TurnOptions, type TurnOutcome } from './pacer';
export { rateLimitHeaders, retryAfterMs } from './answers';
export { flattenQuery, joinUrl, type ApiRequest } from './request';
export { realClock, sharedTransport, Transport, type RetryTiming, type ServiceApi, type TransportParts } from './transport';
