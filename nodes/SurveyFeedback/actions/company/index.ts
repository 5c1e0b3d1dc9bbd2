export * as get from './get.operation';
export * as getMany from './getMany.operation';
