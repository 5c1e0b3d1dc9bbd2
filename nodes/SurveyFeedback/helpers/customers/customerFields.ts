import { columnSet } from '../bulk/rowTable';
import { CUSTOMER, RECIPIENT } from './customerRows';

/** Customer › Create or Update's columns on version 3: the customer's fields, then the account's custom properties. */
export const customerColumns = columnSet('customerColumns', CUSTOMER);

/** Survey › Send's columns on version 3: the recipient's fields (the endpoint takes no custom properties). */
export const recipientColumns = columnSet('recipientColumns', RECIPIENT);
