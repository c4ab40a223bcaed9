import { ReusableEntry } from '../../domain/page';

/** The reference RevisionReusableContent: `document` names its body (getDocumentById reads it). */
export const reusableContentView = (r: ReusableEntry) => ({ id: r.id, title: r.title, document: r.doc });
