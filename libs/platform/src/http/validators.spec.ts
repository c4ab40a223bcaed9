import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';
import { IsBoolean, IsString, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { validationPipe } from './validation';
import { IfPresent, IsArrayOf, IsHttpUrl, IsRefused, IsRoleOrNull } from './validators';

class Item {
  @IsString()
  name!: string;
}

class Body {
  @IfPresent()
  @IsBoolean()
  flag?: boolean;

  @IfPresent()
  @IsRoleOrNull()
  role?: string | null;

  @IfPresent()
  @IsHttpUrl()
  logo?: string;

  @IfPresent()
  @IsArrayOf((v) => typeof v === 'string' && v.trim() !== '', 'must be a non-empty string', { max: 2 })
  tags?: string[];

  @IsRefused('is not supported here; send {role}')
  level?: unknown;

  @IfPresent()
  @ValidateNested({ each: true })
  @Type(() => Item)
  items?: Item[];
}

async function problem(value: unknown): Promise<string | null> {
  try {
    await validationPipe().transform(value, { type: 'body', metatype: Body });
    return null;
  } catch (e) {
    return ((e as BadRequestException).getResponse() as { message: string }).message;
  }
}

describe('body validators', () => {
  it('accepts a valid body, an empty one and a missing one', async () => {
    expect(await problem({ flag: true, role: null, logo: 'https://x.test/a.png', tags: ['a'], items: [{ name: 'n' }] })).toBeNull();
    expect(await problem({})).toBeNull();
    expect(await problem(undefined)).toBeNull();
  });

  it('IfPresent: absent is fine, null is validated (unlike IsOptional)', async () => {
    expect(await problem({ flag: null })).toMatch(/^flag: /);
  });

  it('names the nested path of custom rules and of nested DTOs, with the rule', async () => {
    expect(await problem({ role: 'boss' })).toBe('role: must be one of admin, create, review, edit, comment, read or null (isRoleOrNull)');
    expect(await problem({ tags: ['a', ' '] })).toBe('tags[1]: must be a non-empty string (isArrayOf)');
    expect(await problem({ tags: ['a', 'b', 'c'] })).toBe('tags: at most 2 items (isArrayOf)');
    expect(await problem({ tags: 'a' })).toBe('tags: must be an array (isArrayOf)');
    expect(await problem({ items: [{ name: 'a' }, { name: 7 }] })).toBe('items[1].name: must be a string (isString)');
    expect(await problem({ logo: 'ftp://x.test' })).toBe('logo: must be an absolute http(s) URL (isHttpUrl)');
    expect(await problem({ level: 'read' })).toBe('level: is not supported here; send {role} (isRefused)');
    expect(await problem({ extra: 1 })).toBe('body.extra: unknown field');
  });

  it('a body that is not a JSON object is a 400 naming the body', async () => {
    for (const body of [[], [1, 2], 'x', 3]) expect(await problem(body)).toBe('body: must be a JSON object');
  });
});
