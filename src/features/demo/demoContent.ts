/** Demo content for an empty database: what a visitor browses on a fresh `npm start`. */

const DAY = 24 * 60 * 60 * 1000;
export const at = (daysFromNow: number, hour: number, minute = 0) => {
  const d = new Date(Date.now() + daysFromNow * DAY);
  d.setUTCHours(hour, minute, 0, 0);
  return d;
};

/** The next `month`/`day` (1-based month) that is still ahead, as YYYY-MM-DD: a season's first day. */
export const nextSeasonDay = (month: number, day: number, now = new Date()) => {
  const thisYear = new Date(Date.UTC(now.getUTCFullYear(), month - 1, day));
  const year = thisYear.getTime() > now.getTime() ? now.getUTCFullYear() : now.getUTCFullYear() + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

export const PLANS = [
  {
    name: 'Rated Reads Monthly',
    durationMonths: 1,
    priceCents: 2900,
    description:
      'A personal reading list, a weekly plan and read-aloud practice, month by month. Cancel any time.',
  },
  {
    name: 'Rated Reads Term',
    durationMonths: 3,
    priceCents: 7900,
    description:
      'Three months of Rated Reads with a progress note from your reading guide at the end of the term.',
  },
  {
    name: 'Summer Reading Quest',
    durationMonths: 2,
    priceCents: 12900,
    description:
      'Eight themed weeks from mid-June to mid-August, with weekly story times for enrolled families.',
    // A season: bought any time before, it starts on its first day.
    startsOn: nextSeasonDay(6, 14),
  },
  {
    name: 'A-Bridged Condensed Program',
    durationMonths: 1.25,
    priceCents: 19999,
    description: 'Five focused weeks, thirty minutes a day, to build a reading habit that lasts.',
  },
];

export const BOOKS = [
  {
    title: 'The Snail and the Whale',
    author: 'Julia Donaldson',
    isbn: '9780142403877',
    ageMin: 3,
    ageMax: 7,
    readingLevel: 'sprout',
    summary: 'A tiny snail hitches a ride on a great grey whale and sees the wide world.',
  },
  {
    title: 'Frog and Toad Are Friends',
    author: 'Arnold Lobel',
    isbn: '9780064440202',
    ageMin: 4,
    ageMax: 8,
    readingLevel: 'sprout',
    summary: 'Five gentle stories about two friends who are nothing alike.',
  },
  {
    title: 'The Magic Finger',
    author: 'Roald Dahl',
    isbn: '9780142413852',
    ageMin: 6,
    ageMax: 9,
    readingLevel: 'sapling',
    summary: 'A girl whose finger does strange things when she gets cross teaches her neighbours a lesson.',
  },
  {
    title: 'Mercy Watson to the Rescue',
    author: 'Kate DiCamillo',
    isbn: '9780763645045',
    ageMin: 6,
    ageMax: 8,
    readingLevel: 'sapling',
    summary: 'A buttered-toast-loving pig saves the day, more or less by accident.',
  },
  {
    title: 'The Wild Robot',
    author: 'Peter Brown',
    isbn: '9780316381994',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary: 'A robot wakes up alone on a wild island and learns to survive among the animals.',
  },
  {
    title: 'Charlotte’s Web',
    author: 'E. B. White',
    isbn: '9780064400558',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary: 'A spider with a way with words sets out to save her friend Wilbur the pig.',
  },
  {
    title: 'Wonder',
    author: 'R. J. Palacio',
    isbn: '9780375869020',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary: 'Auggie starts school for the first time, and everyone learns what kindness means.',
  },
  {
    title: 'The Phantom Tollbooth',
    author: 'Norton Juster',
    isbn: '9780394820378',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary: 'A bored boy drives through a mysterious tollbooth into a land of words and numbers.',
  },
] as const;

export const PASSAGES = [
  {
    title: 'The Garden Gate',
    readingLevel: 'sprout',
    text: 'Sam has a red gate. The gate goes creak. A cat sits on the gate. The cat is fat and orange. Sam says hello. The cat says meow. Then the cat jumps down and runs to the garden.',
  },
  {
    title: 'A Day at the Pond',
    readingLevel: 'sapling',
    text: 'On Saturday, Lena and her grandad walked down to the pond with a loaf of old bread. The ducks saw them coming and paddled over, quacking loudly. Lena threw small pieces, one at a time, so that even the smallest duckling could have some. When the bread was gone, the ducks swam away, and Lena waved goodbye.',
  },
  {
    title: 'The Lighthouse Keeper',
    readingLevel: 'branch',
    text: 'Every evening, just before the sun slipped below the sea, Mr Abernathy climbed the one hundred and twelve steps of the lighthouse. He polished the great glass lens until it shone, trimmed the wick, and struck a match. Far out on the dark water, sailors saw the beam sweep across the waves and knew exactly where the rocks were hiding.',
  },
  {
    title: 'Letters from the Arctic',
    readingLevel: 'canopy',
    text: 'The research ship had been frozen into the ice for eleven days when Maya wrote her first letter home. Outside the porthole, the sky never fully darkened; instead, it faded to a bruised violet and then, hours later, brightened again. She described the scientists drilling cores of ancient ice, each one a frozen diary of the air from thousands of years ago, and promised to bring back a photograph of the polar bear that had circled the ship at dawn.',
  },
] as const;

/**
 * Podcast episodes. Their audio is real and short: spoken by a speech synthesiser from these
 * transcripts (see media/podcast/README.md); the seed copies it into storage.
 */
export const EPISODES = [
  {
    guid: 'quillreads-podcast-001',
    episodeNumber: 1,
    title: 'Why twenty minutes a day matters',
    description:
      'Our reading guides explain why short, daily reading beats long weekend sessions, and how to make it stick.',
    showNotes:
      'In this episode: the habit loop, choosing a reading time, and what to do on busy days.\n\nMentioned: the Rated Reads weekly plan, which suggests one book and twenty minutes for each day.',
    transcript:
      'Welcome to the Quill Reads podcast. Today we are talking about time: specifically, about twenty minutes. Why twenty? Because it is long enough to get lost in a story and short enough to fit into almost any evening.\n\nChildren who read a little every day build a habit, and the habit is what carries a reader through the busy weeks. So pick a time that already exists, like after bath time or just before lights out, and attach reading to it.\n\nOn a really busy day, read one page together: the habit matters more than the number of pages. Thanks for listening, and happy reading.',
    audioFile: '001-twenty-minutes.mp3',
    durationSeconds: 47,
    publishedAt: at(-35, 6),
  },
  {
    guid: 'quillreads-podcast-002',
    episodeNumber: 2,
    title: 'Read-aloud: The Lighthouse Keeper',
    description:
      'A calm bedtime read-aloud of one of our favourite passages, for children aged eight and up.',
    showNotes:
      'A passage from our read-aloud library, read slowly for bedtime.\n\nPractise the same passage on the read-aloud page and compare your pace.',
    transcript:
      'Every evening, just before the sun slipped below the sea, Mr Abernathy climbed the one hundred and twelve steps of the lighthouse. He counted them out loud, the way he had as a boy, and at the top he polished the great glass lamp until it shone like a second moon.\n\nFar out on the water, a small fishing boat was finding its way home. When the lamp blazed into life, the boat turned gently toward the harbour.\n\nMr Abernathy smiled, sat down in his creaky old chair, and opened his book. Goodnight, from Quill Reads.',
    audioFile: '002-lighthouse-keeper.mp3',
    durationSeconds: 46,
    publishedAt: at(-21, 6),
  },
  {
    guid: 'quillreads-podcast-003',
    episodeNumber: 3,
    title: 'When a child says reading is boring',
    description:
      'A librarian’s three suggestions for reluctant readers: comics, series books and reading together again.',
    showNotes:
      'With a children’s librarian from our Summer Reading Quest.\n\nTopics: graphic novels count, series books, and reading together again, even with older children.',
    transcript:
      'Let us start with the sentence every parent has heard at least once: reading is boring. What is really going on when a child says that? Often the book is too hard, or it simply is not theirs.\n\nOur librarian guest has three suggestions. First, graphic novels count: they are real reading, and for many children they are the door to longer books. Second, series books: once a child loves a character, the next book sells itself. Third, read together again, even with older children.\n\nThere are no non-readers, only children who have not found their book yet. Thanks for listening to Quill Reads.',
    audioFile: '003-reading-is-boring.mp3',
    durationSeconds: 49,
    publishedAt: at(-7, 6),
  },
];

export const BLOGS = [
  {
    title: 'Five ways to make reading time the best part of the day',
    authorName: 'Priya Natarajan, reading guide',
    excerpt: 'Small changes that turn reading from a chore into something your child looks forward to.',
    contentHtml:
      "<p>Ask any parent in our programs what made the difference, and you will rarely hear about a particular book. You will hear about a routine.</p><h2>1. Same time, same place</h2><p>Reading after bath time, in the same corner, with the same blanket, tells a child's brain that this is a calm moment. After a week, many children start asking for it.</p><h2>2. Let them choose, often</h2><p>Children who choose their books read more of them. Offer two or three options at their level and let them pick.</p><h2>3. Read to them, even when they can read alone</h2><p>Listening to a more difficult book than they can manage alone builds vocabulary and keeps stories exciting.</p><h2>4. Rate every book</h2><p>Giving stars turns finishing a book into a small ceremony, and the ratings help us suggest the next one.</p><h2>5. Stop before they are tired</h2><p>End on a cliffhanger, not a yawn. Wanting to know what happens next is the best reason to come back tomorrow.</p>",
    publishedDaysAgo: 30,
  },
  {
    title: 'What our first summer taught us about reluctant readers',
    authorName: 'Ada Okafor, Quill Reads',
    excerpt: 'Comics count, series books are gold, and no child is a non-reader.',
    contentHtml:
      '<p>Last summer, nearly a third of the children in our Summer Reading Quest had been described by their parents as reluctant readers. By week eight, most of them were reading more than they had all year.</p><p>Three things helped most. First, we stopped treating graphic novels as second best: for many children they were the door into longer books. Second, series books: once a child loves a character, the next book sells itself. Third, short read-aloud practice, where children heard their own progress in their recordings.</p><p>The lesson we keep relearning: there are no non-readers, only children who have not found their book yet.</p>',
    publishedDaysAgo: 18,
  },
  {
    title: 'Our family’s reading nook, on a budget',
    authorName: 'Jordan Rivers, parent',
    excerpt: 'A lamp, a crate and a pile of cushions: how we made a corner our kids fight over.',
    contentHtml:
      '<p>When we joined Rated Reads, our eldest would read anywhere except where we asked her to. So we built a nook in the corner of the hallway.</p><p>It cost very little: an old wooden crate turned on its side as a bookshelf, a clip-on lamp with a warm bulb, and every cushion we could spare. The children chose the books for the crate each Sunday from the library.</p><p>Three months on, the nook is the most popular spot in the house, and we have a rule: whoever is in the nook gets to finish their chapter in peace.</p>',
    publishedDaysAgo: 5,
  },
];

/** Posts still in the family's hands or in review: never public. */
export const UNPUBLISHED_BLOGS = [
  {
    title: 'Maya’s list of books about clever animals',
    authorName: 'Jordan Rivers, parent',
    excerpt: 'Maya picked her ten favourite books where the animals are smarter than the people.',
    contentHtml:
      '<p>Maya has a rule: the animal has to be the smartest character in the book. Here is her list, in her order.</p><ol><li><strong>The Wild Robot</strong>, because Roz learns from the geese.</li><li><strong>Charlotte’s Web</strong>, because Charlotte saves everybody with words.</li><li><strong>Fantastic Mr Fox</strong>, because he outsmarts three farmers at once.</li></ol><p>We will add the rest as she finishes them.</p>',
    status: 'submitted' as const,
    daysAgo: 1,
  },
  {
    title: 'Theo’s first library card',
    authorName: 'Jordan Rivers, parent',
    excerpt: 'A draft about the day Theo signed his own name.',
    contentHtml:
      '<p>Theo has been practising his name for weeks. On Saturday he wrote it on his very first library card, and then asked if he could take home all of the dinosaur books.</p>',
    status: 'draft' as const,
    daysAgo: 0,
  },
  {
    title: 'Why we stopped reading at bedtime',
    authorName: 'Jordan Rivers, parent',
    excerpt: 'Moving reading time to breakfast worked better for our family.',
    contentHtml:
      '<p>Bedtime stories were turning into bedtime negotiations. So we tried something different: ten minutes of reading with breakfast.</p>',
    status: 'rejected' as const,
    reviewNote:
      'Lovely idea! Could you add a paragraph on how the children reacted in the first week? Then we will happily publish it.',
    daysAgo: 9,
  },
];

export const DEMO_CHILDREN = [
  {
    firstName: 'Maya',
    ageBand: '8-10',
    readingLevel: 'branch',
    interests: ['Animals', 'Mysteries', 'Science'],
  },
  { firstName: 'Theo', ageBand: '4-6', readingLevel: 'sprout', interests: ['Dinosaurs', 'Funny stories'] },
] as const;
