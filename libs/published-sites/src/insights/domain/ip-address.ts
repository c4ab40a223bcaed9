/**
 * Visitor IPs are kept only truncated (IPv4 to its /24, IPv6 to its /48): enough to tell
 * networks apart, never a person's address. Parsing is done here (no `net`: domain code does no
 * I/O) so that whatever the store receives has already lost the host part.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Octets(s: string): number[] | null {
  const m = IPV4.exec(s);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  // Leading zeros are refused: some parsers read them as octal.
  if (m.slice(1).some((o) => o.length > 1 && o.startsWith('0')) || octets.some((o) => o > 255)) return null;
  return octets;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two), or null. */
function ipv6Groups(s: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(s) || s.length > 45) return null;
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const pieces = part.split(':');
    const out: number[] = [];
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i];
      if (i === pieces.length - 1 && p.includes('.')) {
        const v4 = ipv4Octets(p);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) out.push(parseInt(p, 16));
      else return null;
    }
    return out;
  };
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : null;
}

/**
 * The network part of an IP address: `a.b.c.0` for IPv4 (also when written IPv4-mapped,
 * `::ffff:a.b.c.d`, as Node reports IPv4 clients on a dual-stack socket), `x:y:z::` for IPv6.
 * Null when `raw` is not an IP address (a zone index `%eth0` or brackets are accepted).
 */
export function truncateIp(raw: string): string | null {
  const s = raw
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%[\w.-]+$/, '');
  const v4 = ipv4Octets(s);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0`;
  const g = ipv6Groups(s);
  if (!g) return null;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.0`;
  return `${g[0].toString(16)}:${g[1].toString(16)}:${g[2].toString(16)}::`;
}
