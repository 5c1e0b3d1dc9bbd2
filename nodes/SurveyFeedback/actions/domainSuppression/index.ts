export * as add from './add.operation';
export * as getMany from './getMany.operation';
export * as remove from './remove.operation';
