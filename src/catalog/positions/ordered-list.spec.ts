import { closeGap, placeAt } from './ordered-list';

interface Item {
  name: string;
  position: number;
}

/** Items named by the letters, stored at these positions (in list order). */
const list = (names: string, positions: readonly number[]): Item[] => [...names].map((name, index) => ({ name, position: positions[index] }));
/** The names in position order, and the positions in that order. */
const shown = (items: readonly Item[]) => {
  const sorted = [...items].sort((a, b) => a.position - b.position);
  return { names: sorted.map((item) => item.name).join(''), positions: sorted.map((item) => item.position) };
};

describe('placeAt', () => {
  it.each<[string, string, number[], number | null, string]>([
    ['at the end when no position is given', 'abc', [0, 1, 2], null, 'abcX'],
    ['at the start', 'abc', [0, 1, 2], 0, 'Xabc'],
    ['in the middle', 'abc', [0, 1, 2], 1, 'aXbc'],
    ['at the index just past the last', 'abc', [0, 1, 2], 3, 'abcX'],
    ['a position past the end is the end', 'abc', [0, 1, 2], 1_000_000, 'abcX'],
    ['into an empty list, at 0', '', [], 0, 'X'],
    ['into an empty list, past the end', '', [], 7, 'X'],
    ['into an empty list, no position', '', [], null, 'X'],
    ['a list with gaps and ties is renumbered', 'abc', [3, 3, 10], 1, 'aXbc'],
  ])('puts the item %s', (_, names, positions, position, expected) => {
    const others = list(names, positions);
    const item = { name: 'X', position: 0 };
    placeAt(others, item, position);
    expect(shown([...others, item])).toEqual({ names: expected, positions: [...expected].map((__, index) => index) });
  });

  it.each<[string, number, string]>([
    ['moves an item up', 0, 'cab'],
    ['moves an item down', 2, 'abc'],
    ['clamps a move past the end to the last place', 99, 'abc'],
    ['leaves an item where it is', 1, 'acb'],
  ])('%s', (_, position, expected) => {
    const [a, b, c] = list('abc', [0, 2, 1]);
    // c, at 1, moves among the others a and b.
    placeAt([a, b], c, position);
    expect(shown([a, b, c])).toEqual({ names: expected, positions: [0, 1, 2] });
  });

  it('touches only the items whose position changes', () => {
    const assigned: string[] = [];
    const watched = (name: string, start: number): Item => {
      let position = start;
      return {
        name,
        get position() {
          return position;
        },
        set position(value: number) {
          assigned.push(name);
          position = value;
        },
      };
    };
    const others = [watched('a', 0), watched('b', 1), watched('c', 2)];
    placeAt(others, watched('X', 9), 2);
    expect(assigned).toEqual(['X', 'c']);
  });
});

describe('closeGap', () => {
  it.each<[string, number[], number[]]>([
    ['leaves an empty list empty', [], []],
    ['leaves a list without a gap as it is', [0, 1, 2], [0, 1, 2]],
    ['closes a gap at the start', [1, 2, 3], [0, 1, 2]],
    ['closes a gap in the middle', [0, 2, 3], [0, 1, 2]],
    ['has nothing to do when the last item left', [0, 1], [0, 1]],
    ['renumbers ties and several gaps', [2, 2, 7], [0, 1, 2]],
  ])('%s', (_, positions, expected) => {
    const remaining = list('abcdefgh'.slice(0, positions.length), positions);
    closeGap(remaining);
    expect(remaining.map((item) => item.position)).toEqual(expected);
  });
});
