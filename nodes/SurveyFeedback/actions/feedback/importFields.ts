import { columnSet } from '../../helpers/bulk/rowTable';
import { IMPORTED_RESPONSE } from './importedResponse';

/**
 * Feedback › Import's columns on version 3: a response's fields by the service's names (tags as
 * text, comma-separated or a list; topics and answers as JSON lists), then the account's custom
 * properties.
 */
export const feedbackColumns = columnSet('feedbackColumns', IMPORTED_RESPONSE);
