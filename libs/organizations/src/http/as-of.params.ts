import { IsOptional, IsString } from 'class-validator';
import { ListMembersParams } from './list.params';

/** listMembersInOrganization's parameters and `asOf` (time travel). */
export class ListMembersAsOfParams extends ListMembersParams {
  @IsOptional()
  @IsString()
  asOf?: string;
}
