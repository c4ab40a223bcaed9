import { uniqueName } from '../site-rules';
import { pathsIn } from './site-spaces.decide';
import { hasSections, siteSpaceLevel } from './structure';
import { StructureDecision } from './structure.decision';

/*
 * A site follows the life of its spaces (the spaces context's integration events, through the
 * sagas): a space in the bin takes its site spaces out of the site, restorable with it; a space
 * purged for good or gone to another organization leaves for good. Each is a no-op when
 * repeated, so a redelivered event changes nothing.
 */

const liveOf = (d: StructureDecision, spaceId: string) => Object.values(d.structure.siteSpaces).filter((n) => n.spaceId === spaceId);
const detachedOf = (d: StructureDecision, spaceId: string) => Object.values(d.structure.detached).filter((x) => x.node.spaceId === spaceId);

export function detachSpace(d: StructureDecision, spaceId: string): void {
  for (const n of liveOf(d, spaceId)) d.emit('SiteSpaceRemoved', { siteSpaceId: n.id, spaceId, reason: 'space-deleted' });
}

/**
 * Back where they were: in their section at their index (clamped), or, when that section is
 * gone, at the end of the default section (or of the top level for a site without sections).
 * A path taken meanwhile gets a suffix.
 */
export function reattachSpace(d: StructureDecision, spaceId: string): void {
  for (const { node, index } of detachedOf(d, spaceId)) {
    const s = d.structure;
    const home = node.section !== null ? (s.sections[node.section] ? node.section : undefined) : hasSections(s) ? undefined : null;
    const section = home !== undefined ? home : hasSections(s) ? s.defaultSection : null;
    const level = siteSpaceLevel(s, section);
    const at = home !== undefined ? Math.min(index, level.length) : level.length;
    const path = uniqueName(node.path, pathsIn(s, section));
    d.emit('SiteSpaceRestored', { siteSpaceId: node.id, spaceId, section, index: at, path });
  }
}

export function discardSpace(d: StructureDecision, spaceId: string): void {
  for (const { node } of detachedOf(d, spaceId)) d.emit('SiteSpaceDiscarded', { siteSpaceId: node.id, spaceId });
}

/** The space now belongs to another organization: it leaves this organization's sites for good. */
export function dropSpace(d: StructureDecision, spaceId: string): void {
  for (const n of liveOf(d, spaceId)) d.emit('SiteSpaceRemoved', { siteSpaceId: n.id, spaceId, reason: 'space-left-organization' });
  discardSpace(d, spaceId);
}
