export * as getMany from './getMany.operation';
