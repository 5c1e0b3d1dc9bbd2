import type { IDataObject } from 'n8n-workflow';

declare const fromTheService: unique symbol;

/**
 * A JSON object as the service sent it: an answer's body, or a record, a row or a part of one.
 * The transport returns every answer with this type, and code that reads the service's fields
 * keeps it (a part of an answer is cast `as ServiceRecord`), so that its readers say what they
 * read. docs/response-fields.md lists each field the nodes read on each answer:
 * test/responseFields.test.ts follows the answers themselves from their requests, whatever their
 * type, and reports a read on a ServiceRecord that no answer reaches. Any IDataObject can be used
 * as one; it is an IDataObject wherever the record is output as it is.
 */
export type ServiceRecord = IDataObject & { readonly [fromTheService]?: never };
