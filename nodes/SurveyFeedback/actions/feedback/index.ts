export * as deleteFeedback from './delete.operation';
export * as get from './get.operation';
export * as getMany from './getMany.operation';
export * as importFeedback from './import.operation';
export * as setTags from './setTags.operation';
export * as setTopics from './setTopics.operation';
