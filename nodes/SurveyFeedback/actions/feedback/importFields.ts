import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemProblems } from '../../../shared/inputs';
import { columnSet } from '../../helpers/bulk/rowTable';
import { additionalQuestions, additionalQuestionsProperty, editorQuestions, IMPORTED_RESPONSE } from './importedResponse';
import { topicList, topicsProperty } from './topics';

/**
 * Feedback › Import's columns on version 3: a response's fields by the service's names (tags as
 * text, comma-separated or a list; topics and answers as JSON lists), then the account's custom
 * properties.
 */
export const feedbackColumns = columnSet('feedbackColumns', IMPORTED_RESPONSE);

/**
 * Version 3's Options for the lists of a response, as versions 1 and 2 set them: topics each with
 * its sentiment picked, and answers to the questions picked from the campaign's template. Their
 * entries come after those of the Topics and Additional Questions columns.
 */
export const listOptions: INodeProperties[] = [
	topicsProperty('Topics of the feedback, each with a sentiment; added after those of the Topics column'),
	{ ...additionalQuestionsProperty, description: "Answers to other questions of the campaign's template; added after those of the Additional Questions column" },
];

/** The row with the topics and answers of the item's Options after its own, checked as one list each. */
export function withListOptions<T extends IDataObject>(row: T, options: IDataObject, problems: ItemProblems): T {
	const topics = (options.topics as { topic?: IDataObject[] } | undefined)?.topic ?? [];
	const questions = (editorQuestions(options.additionalQuestions) ?? []) as IDataObject[];
	const merged: IDataObject = { ...row };
	if (topics.length) merged.topics = problems.parse('Options › Topics', topicList(), [...((row.topics as IDataObject[]) ?? []), ...topics]);
	if (questions.length) {
		merged.additional_questions = problems.parse('Options › Additional Questions', additionalQuestions, [...((row.additional_questions as IDataObject[]) ?? []), ...questions]);
	}
	return merged as T;
}
