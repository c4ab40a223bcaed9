import { BadRequest, Conflict, NotFound } from '@app/platform';

export class SiteNotFound extends NotFound {
  constructor(id: string) {
    super(`No site with id ${id}`);
  }
}
export class SiteSpaceNotFound extends NotFound {
  constructor(id: string, field = 'siteSpaceId') {
    super(`${field}: no site space with id ${id} in this site`);
  }
}
export class SectionNotFound extends NotFound {
  constructor(id: string, field = 'siteSectionId') {
    super(`${field}: no section with id ${id} in this site`);
  }
}
export class SectionGroupNotFound extends NotFound {
  constructor(id: string, field = 'siteSectionGroupId') {
    super(`${field}: no section group with id ${id} in this site`);
  }
}
/** A body field naming a part of the structure that is not there (400: the payload is wrong). */
export class UnknownStructureItem extends BadRequest {
  constructor(field: string, what: string, id: string) {
    super(`${field}: no ${what} with id ${id} in this site`);
  }
}
export class InvalidPosition extends BadRequest {
  constructor(reason: string) {
    super(`position: ${reason}`);
  }
}
/** The contract's 409 for a move that would not change anything. */
export class MoveChangesNothing extends Conflict {
  constructor(what: string) {
    super(`${what} is already at that position`);
  }
}
export class PathTaken extends BadRequest {
  constructor(field: string, path: string, where: string) {
    super(`${field}: "${path}" is already the path of another ${where}; paths are unique per level`);
  }
}
export class NothingToPublish extends BadRequest {
  constructor(id: string) {
    super(`Site ${id} has no site space: add a space to it (addSpaceToSite) before publishing`);
  }
}
