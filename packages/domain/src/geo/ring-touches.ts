/**
 * How two rings of a polygon meet, as OGC simple features (and GEOS's IsValidOp) judge it: rings
 * may touch at single points, never cross nor share a stretch of edge. turf's kinks counts every
 * shared point as a kink, so it would refuse a hole that touches the outer ring at one point,
 * which is valid and which real KMZ files contain.
 */
type Position = readonly [longitude: number, latitude: number];

export type RingMeeting =
  /** Edges cross, or run along each other: no polygon. */
  | { crossing: true }
  /** The points they share (`"lng,lat"`), none or some touching points. */
  | { crossing: false; touches: Set<string> };

function orientation(a: Position, b: Position, c: Position): number {
  return Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
}

/** Whether `p`, on the line through a and b, lies within the segment (ends included). */
function withinSegment(p: Position, a: Position, b: Position): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

const key = ([lng, lat]: Position): string => `${lng},${lat}`;

/** Adds the touching points of two segments to `touches`; false when they cross or overlap. */
function meetSegments(
  p1: Position,
  p2: Position,
  q1: Position,
  q2: Position,
  touches: Set<string>,
): boolean {
  if (
    Math.max(p1[0], p2[0]) < Math.min(q1[0], q2[0]) ||
    Math.max(q1[0], q2[0]) < Math.min(p1[0], p2[0]) ||
    Math.max(p1[1], p2[1]) < Math.min(q1[1], q2[1]) ||
    Math.max(q1[1], q2[1]) < Math.min(p1[1], p2[1])
  )
    return true;
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  // Each segment's ends strictly on both sides of the other: a crossing.
  if (o1 * o2 < 0 && o3 * o4 < 0) return false;
  if (o1 === 0 && o2 === 0) {
    // On one line: sharing more than an end point is a stretch of shared edge.
    const shared = [p1, p2, q1, q2].filter((point, index) =>
      index < 2 ? withinSegment(point, q1, q2) : withinSegment(point, p1, p2),
    );
    const distinct = new Set(shared.map(key));
    if (distinct.size > 1) return false;
    for (const point of distinct) touches.add(point);
    return true;
  }
  if (o1 === 0 && withinSegment(q1, p1, p2)) touches.add(key(q1));
  if (o2 === 0 && withinSegment(q2, p1, p2)) touches.add(key(q2));
  if (o3 === 0 && withinSegment(p1, q1, q2)) touches.add(key(p1));
  if (o4 === 0 && withinSegment(p2, q1, q2)) touches.add(key(p2));
  return true;
}

/** How two closed rings meet (each already free of self-crossings). */
export function ringMeeting(a: Position[], b: Position[]): RingMeeting {
  const touches = new Set<string>();
  for (let i = 0; i < a.length - 1; i++) {
    for (let j = 0; j < b.length - 1; j++) {
      if (!meetSegments(a[i]!, a[i + 1]!, b[j]!, b[j + 1]!, touches)) return { crossing: true };
    }
  }
  return { crossing: false, touches };
}

/** A point of the ring that is none of the touching points (a ring has at least three). */
export function pointOffTouches<P extends Position>(ring: P[], touches: Set<string>): P {
  return ring.find((point) => !touches.has(key(point))) ?? ring[0]!;
}

/**
 * Whether rings touching at points cut the polygon's inside in two: a cycle in the graph of rings
 * and touching points (a hole touching the outer ring twice, or holes touching in a chain from
 * the outer ring back to it). Holes meeting all at one same point make no cycle. `meetings` are
 * the touching pairs, in the order checked; answers the index of the one that closes a cycle.
 */
export function disconnectingTouch(
  meetings: { rings: [number, number]; touches: Set<string> }[],
): number | undefined {
  const parent = new Map<string, string>();
  const root = (node: string): string => {
    let at = node;
    while (parent.has(at) && parent.get(at) !== at) at = parent.get(at)!;
    parent.set(node, at);
    return at;
  };
  const edges = new Set<string>();
  for (const [index, { rings, touches }] of meetings.entries()) {
    for (const point of touches) {
      for (const ring of rings) {
        const edge = `${ring}|${point}`;
        if (edges.has(edge)) continue;
        edges.add(edge);
        const a = root(`r${ring}`);
        const b = root(`p${point}`);
        if (a === b) return index;
        parent.set(a, b);
      }
    }
  }
  return undefined;
}
