export * as getStatus from './getStatus.operation';
