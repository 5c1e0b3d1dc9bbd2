export * as deleteSurveys from './delete.operation';
export * as getMany from './getMany.operation';
