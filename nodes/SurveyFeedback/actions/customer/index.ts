export * as deleteCustomers from './delete.operation';
export * as get from './get.operation';
export * as getMany from './getMany.operation';
export * as resubscribe from './resubscribe.operation';
export * as syncAttributes from './syncAttributes.operation';
export * as unsubscribe from './unsubscribe.operation';
export * as upsert from './upsert.operation';
