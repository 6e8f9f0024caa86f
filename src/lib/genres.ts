// Story genre choices by group. The story form offers them as multi-choice groups and
// the server accepts only these.
export const GENRE_GROUPS = [
  {
    label: 'Sci-Fi',
    genres: [
      'Science Fiction',
      'Space Opera',
      'Cyberpunk',
      'Dystopian',
      'Post-Apocalyptic',
      'Time Travel',
      'Alternate History',
      'Hard Science Fiction',
      'Soft Science Fiction',
      'Military Sci-Fi',
    ],
  },
  {
    label: 'Fantasy/Magic',
    genres: [
      'High Fantasy',
      'Urban Fantasy',
      'Dark Fantasy',
      'Epic Fantasy',
      'Sword and Sorcery',
      'Magical Realism',
      'Paranormal',
      'Supernatural',
      'Mythology',
      'Fairy Tale Retelling',
    ],
  },
  {
    label: 'Web Fiction',
    genres: [
      'LitRPG',
      'GameLit',
      'Progression Fantasy',
      'Cultivation',
      'System Apocalypse',
      'Portal Fantasy',
      'Isekai',
      'Virtual Reality',
      'Artificial Intelligence',
      'Genetic Engineering',
    ],
  },
  {
    label: 'Erotica/Adult',
    genres: ['Erotica', 'Romance', 'Erotic Romance', 'BDSM', 'Harem', 'Reverse Harem', 'Adult Fantasy', 'Adult Sci-Fi', 'Steamy Romance'],
  },
  {
    label: 'Themes',
    genres: ['Adventure', 'Action', 'Drama', 'Comedy', 'Thriller', 'Mystery', 'Horror', 'Slice of Life', 'Coming of Age'],
  },
] as const;

export type Genre = (typeof GENRE_GROUPS)[number]['genres'][number];
export const GENRES: readonly Genre[] = GENRE_GROUPS.flatMap((group) => group.genres);
