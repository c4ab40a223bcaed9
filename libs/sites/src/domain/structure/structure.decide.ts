import type { SiteCommand } from '../site.commands';
import { SiteEvent } from '../site.events';
import { addGroup, addSectionToGroup, moveGroup, removeGroup, removeSectionFromGroup, updateGroup } from './groups.decide';
import { addSection, moveSection, removeSection, updateSection } from './sections.decide';
import { addSiteSpace, moveSiteSpace, removeSiteSpace, updateSiteSpace } from './site-spaces.decide';
import { detachSpace, discardSpace, dropSpace, reattachSpace } from './space-lifecycle.decide';
import { Structure } from './structure';
import { StructureDecision } from './structure.decision';

/** The commands that change only a live site's structure. */
export type StructureCommand = Exclude<
  SiteCommand,
  { type: 'CreateSite' | 'UpdateSite' | 'PublishSite' | 'UnpublishSite' | 'DeleteSite' | `${string}Customization` }
>;

type Deciders = { [K in StructureCommand['type']]: (d: StructureDecision, c: Extract<StructureCommand, { type: K }>) => void };

/** One pure decision per command (the mapped type makes the table exhaustive). */
const DECIDE: Deciders = {
  AddSiteSpace: (d, c) => addSiteSpace(d, c.siteSpace, c.section),
  UpdateSiteSpace: (d, c) => updateSiteSpace(d, c.siteSpaceId, c.changes),
  RemoveSiteSpace: (d, c) => removeSiteSpace(d, c.siteSpaceId),
  MoveSiteSpace: (d, c) => moveSiteSpace(d, c.siteSpaceId, c.position),
  AddSection: (d, c) => addSection(d, c),
  UpdateSection: (d, c) => updateSection(d, c.sectionId, c.changes, c.defaultSiteSpace),
  RemoveSection: (d, c) => removeSection(d, c.sectionId),
  MoveSection: (d, c) => moveSection(d, c.sectionId, c.position),
  AddSectionGroup: (d, c) => addGroup(d, c),
  UpdateSectionGroup: (d, c) => updateGroup(d, c.groupId, c.changes),
  RemoveSectionGroup: (d, c) => removeGroup(d, c.groupId),
  AddSectionToGroup: (d, c) => addSectionToGroup(d, c.groupId, c.sectionId),
  RemoveSectionFromGroup: (d, c) => removeSectionFromGroup(d, c.groupId, c.sectionId),
  MoveSectionGroup: (d, c) => moveGroup(d, c.groupId, c.position),
  DetachSpace: (d, c) => detachSpace(d, c.spaceId),
  ReattachSpace: (d, c) => reattachSpace(d, c.spaceId),
  DiscardSpace: (d, c) => discardSpace(d, c.spaceId),
  DropSpace: (d, c) => dropSpace(d, c.spaceId),
};

/** The events a structure command decides, each decided on the structure the previous ones left. */
export function decideStructure(structure: Structure, c: StructureCommand): SiteEvent[] {
  const d = new StructureDecision(structure, c.siteId);
  (DECIDE[c.type] as (d: StructureDecision, c: StructureCommand) => void)(d, c);
  return d.events;
}
