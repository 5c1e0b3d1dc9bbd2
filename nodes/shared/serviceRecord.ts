import type { IDataObject } from 'n8n-workflow';

declare const fromTheService: unique symbol;

/**
 * A JSON object as the service sent it: an answer's body, or a record, a row or a part of one.
 * The transport returns every answer with this type, and code that reads the service's fields
 * keeps it (a part of an answer is cast `as ServiceRecord`, never `as IDataObject`), so that
 * TypeScript knows every read: docs/response-fields.md lists each field the nodes read, and
 * test/responseFields.test.ts fails on a read the table does not list. Any IDataObject can be
 * used as one; it is an IDataObject wherever the record is output as it is.
 */
export type ServiceRecord = IDataObject & { readonly [fromTheService]?: never };
