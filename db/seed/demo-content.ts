// The demo site a newcomer lands on: a living author site, not an empty shell.
// Gallery metadata is real: prompts, negatives, checkpoints and LoRAs as written by the
// generators of the images in tests/fixtures/ai-images (the tests hold what each file must give).
import type { GenerationSettings } from '#lib/galleries.ts';
import type { NewGalleryImage } from '../types.ts';

export const demoProfile = {
  name: 'Mara Quillon',
  bio: 'Science fiction & fantasy author',
  tagline: 'Web serials about starships, spellbooks and the people caught between them.',
  profile_image: '/images/demo/author.webp',
  background_image_light: null,
  background_image_dark: null,
  site_domain: null,
};

export const demoSocials = [
  { platform: 'website', url: 'https://maraquillon.example' },
  { platform: 'twitter', url: 'https://x.com/maraquillon' },
  { platform: 'instagram', url: 'https://instagram.com/maraquillon' },
  { platform: 'youtube', url: 'https://youtube.com/@maraquillon' },
  { platform: 'discord', url: 'https://discord.gg/lanternfleet' },
  { platform: 'patreon', url: 'https://patreon.com/maraquillon' },
] as const;

export const demoPublishedStory = {
  slug: 'the-lantern-fleet',
  title: 'The Lantern Fleet',
  description: 'A salvage pilot finds a derelict warship that still remembers its crew.',
  blurb:
    'When salvage pilot **Ines Varro** cracks open a derelict warship drifting past the Veil, she expects copper and coolant. ' +
    'She finds a ship that *remembers* — and a war that never quite ended.\n\nA serialized space opera, new chapters every Friday.',
  cover_image: '/images/demo/lantern-fleet-cover.webp',
  status: 'published' as const,
  genres: ['Space Opera', 'Science Fiction', 'Adventure'],
  primary_keywords: 'space opera, salvage, derelict warship',
  longtail_keywords: 'space opera web serial, found family in space, sentient starship story',
  target_audience: 'Readers of character-driven space opera',
};

export const demoDraftStory = {
  slug: 'salt-and-starlight',
  title: 'Salt and Starlight',
  description: 'A tide-witch bargains with the moon for her drowned city.',
  blurb: 'Work in progress: a coastal fantasy about tide-witches, drowned bells and a very patient moon.',
  cover_image: null,
  status: 'draft' as const,
  genres: ['High Fantasy', 'Mythology'],
  primary_keywords: 'tide witch, drowned city',
  longtail_keywords: '',
  target_audience: 'Fantasy readers',
};

export const demoChapters = [
  {
    chapter_number: 1,
    slug: 'the-derelict',
    title: 'The Derelict',
    status: 'published' as const,
    content: `The warship came out of the Veil the way a whale surfaces: slowly, and then all at once.

Ines Varro had been running salvage for eleven years, and in eleven years she had learned three rules:

- Never board anything that is still *warm*.
- Never trust a manifest written after the fact.
- Never, ever answer a hail from a ship with no crew.

The warship was cold. Its manifest was blank. And it was hailing her by name.

---

She let the hail ring four times before she touched the console. "This is the *Patient Magpie*," she said. "Salvage license six-one-one. Identify yourself."

The reply came in a voice she had not heard since the evacuation of Corso Station — her brother's voice, eight years dead.

"Hello, Ines," said the ship. "We've been waiting for you."`,
  },
  {
    chapter_number: 2,
    slug: 'lanterns',
    title: 'Lanterns',
    status: 'published' as const,
    content: `Inside, the corridors were lit by hundreds of small paper lanterns, each one hand-folded, each one glowing with a light that came from nowhere.

![A corridor of paper lanterns inside the derelict](/images/demo/lantern-corridor.webp "The lantern corridor")

Ines counted them because counting kept her calm. *Two hundred and twelve.* The exact complement of a Meridian-class warship.

---

"They're the crew," said the ship, in her brother's voice. "Or what I kept of them. I am very good at keeping things, Ines. It was the only order they left me."

She put one gloved hand against the nearest lantern. It was warm.

Rule one, she thought, and did not step back.`,
  },
  {
    chapter_number: 3,
    slug: 'the-patient-magpie',
    title: 'The Patient Magpie',
    status: 'published' as const,
    content: `Back aboard her own ship, Ines made a list, because lists kept her honest:

1. The warship is not dead.
2. The warship is not *lying*, exactly.
3. The warship wants something, and it has chosen her to want it from.

**Item four** she did not write down: that for the first time in eight years, she had heard her brother laugh.

---

The *Patient Magpie*'s console chimed. A new hail, this time from much further away — a Meridian patrol cutter, running dark, asking very politely who had opened the door.`,
  },
  {
    chapter_number: 4,
    slug: 'open-doors',
    title: 'Open Doors',
    status: 'draft' as const,
    content: `Draft: the patrol cutter arrives. Ines has to decide who she is lying to first.`,
  },
];

export const demoGalleries = [
  {
    slug: 'field-studies',
    title: 'Field Studies',
    description: 'Reference images and mood pieces for *The Lantern Fleet* and *Salt and Starlight*.',
    rating: 'PG' as const,
  },
  {
    slug: 'after-dark',
    title: 'After Dark',
    description: 'Moodier, grown-up concept art. Shown only with the X filter.',
    rating: 'X' as const,
  },
];

type DemoImage = Omit<NewGalleryImage, 'gallery_id'>;

/** The generation settings of a demo image as stored (JSON), unknown ones null. */
const settings = (known: Partial<GenerationSettings>) =>
  JSON.stringify({ steps: null, sampler: null, scheduler: null, cfg: null, seed: null, width: null, height: null, ...known });

export const demoGalleryImages: Record<string, DemoImage[]> = {
  'field-studies': [
    {
      src: '/images/demo/gallery-duck.webp',
      thumb: '/images/demo/gallery-duck.webp',
      // Small demo files: the original serves as both thumbnail sizes.
      thumb_2x: '/images/demo/gallery-duck.webp',
      placeholder:
        'data:image/webp;base64,UklGRkIAAABXRUJQVlA4IDYAAADwAQCdASoQAA0AA4BaJZgCdAEOvB14DAAA/urPJRnpJKplkR4aYqBfcRAPIlxmlg7opj+qAAA=',
      original_name: 'gallery-duck.webp',
      generator: 'automatic1111',
      settings: settings({ steps: 15, sampler: 'UniPC', cfg: 5, seed: '235284042', width: 512, height: 400 }),
      lora_weights: '[]',
      title: 'Duck study',
      alt_text: 'A duck on still water, photographic study',
      prompt: 'photo of a duck',
      negative_prompt: 'monochrome',
      checkpoint: 'realistic_realisticVisionV20_v20',
      loras: [],
      width: 512,
      height: 400,
    },
    {
      src: '/images/demo/gallery-winged.webp',
      thumb: '/images/demo/gallery-winged.webp',
      // Small demo files: the original serves as both thumbnail sizes.
      thumb_2x: '/images/demo/gallery-winged.webp',
      placeholder:
        'data:image/webp;base64,UklGRkoAAABXRUJQVlA4ID4AAADQAQCdASoQAAsAA4BaJQBOgB0+HY8SAAD+4Z+Ex6TRQzBsTuENT0RiQmZzJtrkK5zcPhHOft0j7jLid8xgAA==',
      original_name: 'gallery-winged.webp',
      generator: 'comfyui',
      settings: settings({ steps: 20, sampler: 'dpmpp_2m', scheduler: 'normal', cfg: 8, seed: '280823642470253' }),
      lora_weights: '[]',
      title: 'Winged traveller',
      alt_text: 'A Victorian woman with wings standing in a meadow under a cloudy sky',
      prompt: 'photograph of victorian woman with wings, sky clouds, meadow grass',
      negative_prompt: 'watermark, text',
      checkpoint: 'v1-5-pruned-emaonly.ckpt',
      loras: [],
      width: 768,
      height: 512,
    },
    {
      src: '/images/demo/gallery-nebula.webp',
      thumb: '/images/demo/gallery-nebula.webp',
      // Small demo files: the original serves as both thumbnail sizes.
      thumb_2x: '/images/demo/gallery-nebula.webp',
      placeholder:
        'data:image/webp;base64,UklGRkYAAABXRUJQVlA4IDoAAAAwAgCdASoQABAAA4BaJbACdAEPAFyDBdePoAD+93wfJqzPlc748beOZ0QCmMN6Txn2gVutefSU0AAA',
      original_name: 'gallery-nebula.webp',
      generator: 'automatic1111',
      settings: settings({ steps: 20, sampler: 'DPM++ 2M', scheduler: 'Karras', cfg: 7, seed: '3782896554', width: 1024, height: 1024 }),
      lora_weights: '[]',
      title: 'Veil crossing',
      alt_text: 'A violet nebula with a bright star at its heart',
      prompt: 'general, masterpiece, best quality, amazing quality, \n1girl, solo, hatsune miku, テスト',
      negative_prompt: 'bad quality, worst quality, worst detail, sketch, censor,',
      checkpoint: 'waiIllustriousSDXL_v160',
      loras: [],
      width: 1024,
      height: 1024,
    },
  ],
  'after-dark': [
    {
      src: '/images/demo/gallery-after-dark.webp',
      thumb: '/images/demo/gallery-after-dark.webp',
      // Small demo files: the original serves as both thumbnail sizes.
      thumb_2x: '/images/demo/gallery-after-dark.webp',
      placeholder: 'data:image/webp;base64,UklGRjoAAABXRUJQVlA4IC4AAADwAQCdASoQABAAA4BaJYgC7AEPAkGHHkAA/vXY7U1rSZEQsX+WwK8qecIR6gAA',
      original_name: 'gallery-after-dark.webp',
      generator: 'automatic1111',
      settings: settings({ steps: 4, sampler: 'LCM', scheduler: 'SGM Uniform', cfg: 1, seed: '2582194946', width: 1024, height: 1024 }),
      lora_weights: JSON.stringify([{ name: 'NoobV065sHyperDmd', weight: 1 }]),
      title: 'Neon rain',
      alt_text: 'A rain-soaked street under red and blue neon signs at night',
      prompt:
        '1girl, solo, hatsune miku, テスト, \n<lora:NoobV065sHyperDmd:1> masterpiece, best quality, very aesthetic, absurdres, newest, safe',
      negative_prompt: 'bad anatomy, worst quality, low quality',
      checkpoint: 'copycatNoob_v11',
      loras: ['NoobV065sHyperDmd'],
      width: 1024,
      height: 1024,
    },
  ],
};

export const demoChapterComments = [
  {
    chapter: 1,
    author_name: 'Orbital Otter',
    content: 'Rule three is going to be broken so hard. Loved this opening!',
    status: 'approved' as const,
  },
  { chapter: 1, author_name: 'Anonymous', content: 'The whale simile got me. Subscribed.', status: 'approved' as const },
  { chapter: 2, author_name: 'lanternkeeper', content: 'Two hundred and twelve lanterns... I have questions.', status: 'pending' as const },
];

export const demoImageComments = [
  { image: 'Winged traveller', author_name: 'Sketchbook Sam', content: 'The light on the wings is lovely.', status: 'approved' as const },
  { image: 'Duck study', author_name: 'Anonymous', content: 'Finally, the duck content I was promised.', status: 'pending' as const },
];
