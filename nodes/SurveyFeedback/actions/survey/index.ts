export * as send from './send.operation';
