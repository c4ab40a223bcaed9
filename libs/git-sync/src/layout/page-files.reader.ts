import { GitPageNode } from './repository-tree';
import { PageFile, parsePageFile } from './page-file.codec';
import { basename, dirname, pageSlug, titleOfName } from './layout-paths';

/** The root's files as text: UTF-8, byte order mark dropped, line endings as `\n`. */
export class RootFiles {
  private readonly decoder = new TextDecoder('utf-8');

  constructor(
    /** Paths relative to the root. */
    readonly bytes: ReadonlyMap<string, Uint8Array>,
    /** Path prefix of the root inside the repository, for error messages. */
    private readonly prefix: string,
  ) {}

  text(path: string): string | undefined {
    const bytes = this.bytes.get(path);
    return bytes === undefined ? undefined : this.decoder.decode(bytes).replace(/\r\n?/g, '\n');
  }

  repositoryPath(path: string): string {
    return this.prefix ? `${this.prefix}/${path}` : path;
  }

  /**
   * A document page from its file: the title is the file's `# heading`, else the one the table
   * of contents gives, else the file name's; a file that does not exist is an empty page.
   */
  documentPage(path: string, listedTitle: string | undefined): GitPageNode {
    const source = this.text(path);
    const file: PageFile = source === undefined ? { markdown: '' } : parsePageFile(source, this.repositoryPath(path));
    const { title: heading, markdown, ...fields } = file;
    const title = heading || listedTitle || titleOfName(basename(path) === 'README.md' && dirname(path) ? basename(dirname(path)) : basename(path));
    return { kind: 'document', title, slug: pageSlug(path, title), gitPath: path, markdown, ...fields, children: [] };
  }
}
