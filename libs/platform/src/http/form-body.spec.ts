import { Readable } from 'stream';
import type { Request } from 'express';
import { readFormBody } from './form-body';

/** A request whose body stream yields `body`, with the given Content-Type. */
const request = (body: Buffer | string, type = 'application/x-www-form-urlencoded; charset=utf-8') =>
  Object.assign(Readable.from([Buffer.from(body)]), { headers: { 'content-type': type } }) as unknown as Request;
const refusal = async (req: Request, limit = 1024) => {
  try {
    await readFormBody(req, limit);
  } catch (e) {
    return [(e as { status: number }).status, (e as Error).message];
  }
  throw new Error('expected a refusal');
};

describe('readFormBody', () => {
  it('reads the fields of a form; a body that is not a form is left to the JSON parser (null)', async () => {
    expect(await readFormBody(request('SAMLResponse=PHg%2B&RelayState=a+b'), 1024)).toEqual({ SAMLResponse: 'PHg+', RelayState: 'a b' });
    expect(await readFormBody(request('{}', 'application/json'), 1024)).toBeNull();
  });

  it('refuses a body over the limit (413), invalid UTF-8, a field given twice, NUL and reserved names (400)', async () => {
    expect(await refusal(request('a='.padEnd(2000, 'x')))).toEqual([413, 'body: must not be larger than 1024 bytes']);
    expect(await refusal(request(Buffer.from([0x61, 0x3d, 0xff])))).toEqual([400, 'body: not valid UTF-8']);
    expect(await refusal(request('a=1&a=2'))).toEqual([400, 'body.a: given more than once']);
    expect(await refusal(request('a=%00'))).toEqual([400, 'a: must not contain NUL characters']);
    expect(await refusal(request('__proto__=1'))).toEqual([400, expect.stringContaining('__proto__: field name not allowed')]);
  });
});
