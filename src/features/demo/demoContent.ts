/** Demo content for an empty database: what a visitor browses on a fresh `npm start`. */

import { DAY_MS } from '~/platform/days';
import type { AgeBand, ReadingLevel } from '~/platform/domain';

const DAY = DAY_MS;
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
    billing: 'recurring' as const,
    description:
      'Rated Reads month by month: a new reading plan every week, with books chosen for your child, daily sessions and read-aloud practice. Renews every month until you cancel; pause it for a holiday.',
  },
  {
    name: 'Rated Reads Term',
    durationMonths: 3,
    priceCents: 7900,
    description:
      'Three months of Rated Reads, paid once: a new reading plan every week, and a finished-books wall to print at the end of the term.',
  },
  {
    name: 'Summer Reading Quest',
    durationMonths: 2,
    priceCents: 12900,
    description:
      'A new reading plan every week from mid-June to mid-August. Bought before then, it starts on its first day.',
    // A season: bought any time before, it starts on its first day.
    startsOn: nextSeasonDay(6, 14),
  },
  {
    name: 'A-Bridged Condensed Program',
    durationMonths: 1.25,
    priceCents: 19999,
    description: 'Five focused weeks of reading plans and short daily sessions, to build a reading habit.',
  },
];

/**
 * The catalogue. Topics are lower-case and come from one vocabulary: each interest a family can
 * pick for a child (ChildForm's list, lower-cased: "Funny stories" is "funny stories"), which
 * weekly plans match whole, plus a few that only link books to each other (family, fantasy,
 * friendship, nature, robots, school). The first topic is the book's main one. An ISBN is given
 * only where it is known to be that edition's; null otherwise.
 */
export const BOOKS = [
  {
    title: 'The Snail and the Whale',
    author: 'Julia Donaldson',
    isbn: '9780142403877',
    ageMin: 3,
    ageMax: 7,
    readingLevel: 'sprout',
    summary: 'A tiny snail hitches a ride on a great grey whale and sees the wide world.',
    topics: ['animals', 'adventure', 'nature'],
  },
  {
    title: 'Frog and Toad Are Friends',
    author: 'Arnold Lobel',
    isbn: '9780064440202',
    ageMin: 4,
    ageMax: 8,
    readingLevel: 'sprout',
    summary: 'Five gentle stories about two friends who are nothing alike.',
    topics: ['friendship', 'animals', 'funny stories'],
  },
  {
    title: 'The Magic Finger',
    author: 'Roald Dahl',
    isbn: '9780142413852',
    ageMin: 6,
    ageMax: 9,
    readingLevel: 'sapling',
    summary: 'A girl whose finger does strange things when she gets cross teaches her neighbours a lesson.',
    topics: ['funny stories', 'fantasy', 'animals'],
  },
  {
    title: 'Mercy Watson to the Rescue',
    author: 'Kate DiCamillo',
    isbn: '9780763645045',
    ageMin: 6,
    ageMax: 8,
    readingLevel: 'sapling',
    summary: 'A buttered-toast-loving pig saves the day, more or less by accident.',
    topics: ['funny stories', 'animals', 'family'],
  },
  {
    title: 'The Wild Robot',
    author: 'Peter Brown',
    isbn: '9780316381994',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary: 'A robot wakes up alone on a wild island and learns to survive among the animals.',
    topics: ['robots', 'animals', 'nature', 'adventure'],
  },
  {
    title: 'Charlotte’s Web',
    author: 'E. B. White',
    isbn: '9780064400558',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary: 'A spider with a way with words sets out to save her friend Wilbur the pig.',
    topics: ['animals', 'friendship', 'nature'],
  },
  {
    title: 'Wonder',
    author: 'R. J. Palacio',
    isbn: '9780375869020',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary: 'Auggie starts school for the first time, and everyone learns what kindness means.',
    topics: ['friendship', 'school', 'family'],
  },
  {
    title: 'The Phantom Tollbooth',
    author: 'Norton Juster',
    isbn: '9780394820378',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary: 'A bored boy drives through a mysterious tollbooth into a land of words and numbers.',
    topics: ['fantasy', 'adventure', 'funny stories'],
  },

  // Sprout
  {
    title: 'The Gruffalo',
    author: 'Julia Donaldson',
    isbn: '9780803731097',
    ageMin: 3,
    ageMax: 7,
    readingLevel: 'sprout',
    summary:
      'A clever mouse invents a fearsome monster to scare off the animals who want to eat him, and then meets it.',
    topics: ['animals', 'funny stories', 'fairy tales'],
  },
  {
    title: 'Room on the Broom',
    author: 'Julia Donaldson',
    isbn: '9780142501122',
    ageMin: 3,
    ageMax: 7,
    readingLevel: 'sprout',
    summary:
      'A kind witch keeps making room on her broom for one more animal, and they repay her when a dragon comes.',
    topics: ['fairy tales', 'animals', 'funny stories'],
  },
  {
    title: 'Tyrannosaurus Drip',
    author: 'Julia Donaldson',
    isbn: null,
    ageMin: 3,
    ageMax: 7,
    readingLevel: 'sprout',
    summary:
      'A gentle duck-billed dinosaur raised by grumpy tyrannosaurs finds his real family across the river.',
    topics: ['dinosaurs', 'family', 'funny stories'],
  },
  {
    title: 'How Do Dinosaurs Say Good Night?',
    author: 'Jane Yolen',
    isbn: '9780590316811',
    ageMin: 3,
    ageMax: 6,
    readingLevel: 'sprout',
    summary:
      'A rhyming look at how a dinosaur goes to bed: does he stomp, sulk and roar, or give a big hug and a kiss?',
    topics: ['dinosaurs', 'funny stories', 'family'],
  },
  {
    title: 'Danny and the Dinosaur',
    author: 'Syd Hoff',
    isbn: '9780064440028',
    ageMin: 4,
    ageMax: 7,
    readingLevel: 'sprout',
    summary: 'A dinosaur steps out of the museum to spend a whole day playing with Danny all over town.',
    topics: ['dinosaurs', 'friendship', 'funny stories'],
  },
  {
    title: 'Don’t Let the Pigeon Drive the Bus!',
    author: 'Mo Willems',
    isbn: '9780786819881',
    ageMin: 3,
    ageMax: 7,
    readingLevel: 'sprout',
    summary:
      'The bus driver asks you for one small favour, and a pigeon tries everything to change your mind.',
    topics: ['funny stories', 'animals'],
  },
  {
    title: 'We Are in a Book!',
    author: 'Mo Willems',
    isbn: '9781423133087',
    ageMin: 4,
    ageMax: 7,
    readingLevel: 'sprout',
    summary:
      'Gerald and Piggie find out that someone is reading them, and cannot resist making the reader say a silly word.',
    topics: ['funny stories', 'friendship', 'animals'],
  },
  {
    title: 'Frog and Toad Together',
    author: 'Arnold Lobel',
    isbn: '9780064440219',
    ageMin: 4,
    ageMax: 8,
    readingLevel: 'sprout',
    summary:
      'Five more stories of the two friends, from a list of things to do to a garden that will not grow.',
    topics: ['friendship', 'animals', 'nature'],
  },
  {
    title: 'The Very Hungry Caterpillar',
    author: 'Eric Carle',
    isbn: '9780399226908',
    ageMin: 3,
    ageMax: 6,
    readingLevel: 'sprout',
    summary:
      'A tiny caterpillar eats his way through a week of food, then wraps himself up and wakes as a butterfly.',
    topics: ['nature', 'animals', 'science'],
  },
  {
    title: 'The Cat in the Hat',
    author: 'Dr. Seuss',
    isbn: '9780394800011',
    ageMin: 4,
    ageMax: 7,
    readingLevel: 'sprout',
    summary: 'On a rainy day, a cat in a tall hat turns the house upside down before Mother comes home.',
    topics: ['funny stories', 'poetry', 'family'],
  },
  {
    title: 'The Day the Crayons Quit',
    author: 'Drew Daywalt',
    isbn: '9780399255373',
    ageMin: 4,
    ageMax: 8,
    readingLevel: 'sprout',
    summary:
      'Duncan opens his crayon box and finds a pile of letters, each crayon with a complaint of its own.',
    topics: ['art', 'funny stories', 'school'],
  },

  // Sapling
  {
    title: 'Fantastic Mr Fox',
    author: 'Roald Dahl',
    isbn: '9780142410349',
    ageMin: 6,
    ageMax: 9,
    readingLevel: 'sapling',
    summary:
      'Three nasty farmers try everything to catch Mr Fox, and he outsmarts them all from underground.',
    topics: ['animals', 'funny stories', 'adventure'],
  },
  {
    title: 'The Twits',
    author: 'Roald Dahl',
    isbn: '9780142410394',
    ageMin: 7,
    ageMax: 10,
    readingLevel: 'sapling',
    summary:
      'A revolting couple play nasty tricks on each other until the monkeys and birds they torment turn the tables.',
    topics: ['funny stories', 'animals'],
  },
  {
    title: 'Dinosaurs Before Dark',
    author: 'Mary Pope Osborne',
    isbn: '9780679824114',
    ageMin: 6,
    ageMax: 9,
    readingLevel: 'sapling',
    summary:
      'Jack and Annie find a tree house full of books in the woods, and it whisks them back to the time of the dinosaurs.',
    topics: ['dinosaurs', 'adventure', 'history'],
  },
  {
    title: 'Midnight on the Moon',
    author: 'Mary Pope Osborne',
    isbn: null,
    ageMin: 6,
    ageMax: 9,
    readingLevel: 'sapling',
    summary:
      'The magic tree house takes Jack and Annie to a moon base of the future, to find the last thing that can free Morgan from a spell.',
    topics: ['space', 'adventure', 'science'],
  },
  {
    title: 'Nate the Great',
    author: 'Marjorie Weinman Sharmat',
    isbn: '9780440461265',
    ageMin: 6,
    ageMax: 8,
    readingLevel: 'sapling',
    summary:
      'Boy detective Nate, fuelled by pancakes, takes the case of Annie’s missing picture of her dog Fang.',
    topics: ['mysteries', 'funny stories'],
  },
  {
    title: 'Ada Twist, Scientist',
    author: 'Andrea Beaty',
    isbn: '9781419721373',
    ageMin: 5,
    ageMax: 8,
    readingLevel: 'sapling',
    summary:
      'Ada asks why about everything, and when a terrible smell fills the house she investigates like a real scientist.',
    topics: ['science', 'family', 'school'],
  },
  {
    title: 'The Magic School Bus Lost in the Solar System',
    author: 'Joanna Cole',
    isbn: null,
    ageMin: 6,
    ageMax: 9,
    readingLevel: 'sapling',
    summary:
      'Ms. Frizzle’s class takes the bus on a tour of the planets, and then has to find their teacher in the asteroid belt.',
    topics: ['space', 'science', 'school'],
  },
  {
    title: 'Dog Man',
    author: 'Dav Pilkey',
    isbn: '9780545581608',
    ageMin: 7,
    ageMax: 10,
    readingLevel: 'sapling',
    summary:
      'Half police officer, half dog, Dog Man chases a cat called Petey through a comic full of silly crimes.',
    topics: ['funny stories', 'animals', 'adventure'],
  },
  {
    title: 'The Princess in Black',
    author: 'Shannon Hale and Dean Hale',
    isbn: '9780763665104',
    ageMin: 5,
    ageMax: 8,
    readingLevel: 'sapling',
    summary:
      'When the monster alarm rings, Princess Magnolia swaps her gown for a black mask and rushes off to save the goats.',
    topics: ['fairy tales', 'adventure', 'funny stories'],
  },
  {
    title: 'Mr. Popper’s Penguins',
    author: 'Richard and Florence Atwater',
    isbn: '9780316058438',
    ageMin: 7,
    ageMax: 10,
    readingLevel: 'sapling',
    summary:
      'A house painter who dreams of the South Pole is sent a penguin, and soon has twelve of them living at home.',
    topics: ['animals', 'funny stories', 'family'],
  },
  {
    title: 'The Absent Author',
    author: 'Ron Roy',
    isbn: '9780679881681',
    ageMin: 6,
    ageMax: 9,
    readingLevel: 'sapling',
    summary:
      'Dink, Josh and Ruth Rose investigate when a famous mystery writer never turns up at the bookshop.',
    topics: ['mysteries', 'friendship'],
  },
  {
    title: 'Mercy Watson Goes for a Ride',
    author: 'Kate DiCamillo',
    isbn: null,
    ageMin: 6,
    ageMax: 8,
    readingLevel: 'sapling',
    summary:
      'Saturday means a drive in Mr. Watson’s car, but this time Baby Lincoln is hiding in the back and Mercy takes the wheel.',
    topics: ['funny stories', 'animals', 'family'],
  },

  // Branch
  {
    title: 'Stuart Little',
    author: 'E. B. White',
    isbn: '9780064400565',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'A mouse born into a New York family sets off in a tiny car to find his friend, a bird called Margalo.',
    topics: ['animals', 'adventure', 'family'],
  },
  {
    title: 'The Trumpet of the Swan',
    author: 'E. B. White',
    isbn: '9780064408677',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'Louis, a trumpeter swan born without a voice, learns to play a real trumpet to win the swan he loves.',
    topics: ['animals', 'nature', 'family'],
  },
  {
    title: 'Because of Winn-Dixie',
    author: 'Kate DiCamillo',
    isbn: '9780763607760',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'Opal adopts a scruffy dog she finds in the supermarket, and he helps her make friends in a new town.',
    topics: ['animals', 'friendship', 'family'],
  },
  {
    title: 'The One and Only Ivan',
    author: 'Katherine Applegate',
    isbn: '9780061992254',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'Ivan, a gorilla who paints in a shopping-mall zoo, makes a promise to a baby elephant that changes everything.',
    topics: ['animals', 'art', 'friendship'],
  },
  {
    title: 'Encyclopedia Brown, Boy Detective',
    author: 'Donald J. Sobol',
    isbn: '9780142408889',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'Ten cases to solve alongside Idaville’s boy detective, who knows a fact for everything, with the answers at the back.',
    topics: ['mysteries', 'science', 'funny stories'],
  },
  {
    title: 'The Secret of the Old Clock',
    author: 'Carolyn Keene',
    isbn: '9780448095011',
    ageMin: 9,
    ageMax: 12,
    readingLevel: 'branch',
    summary:
      'Nancy Drew hunts for a missing will so that an old man’s fortune goes to the people he meant to help.',
    topics: ['mysteries', 'adventure'],
  },
  {
    title: 'The Boxcar Children',
    author: 'Gertrude Chandler Warner',
    isbn: '9780807508527',
    ageMin: 7,
    ageMax: 10,
    readingLevel: 'branch',
    summary:
      'Four orphans make a home in an old railway boxcar in the woods, hiding from a grandfather they have never met.',
    topics: ['mysteries', 'family', 'adventure'],
  },
  {
    title: 'George’s Secret Key to the Universe',
    author: 'Lucy and Stephen Hawking',
    isbn: '9781416985846',
    ageMin: 8,
    ageMax: 12,
    readingLevel: 'branch',
    summary:
      'George’s new neighbours own a supercomputer that opens a door into space, and a ride on a comet begins.',
    topics: ['space', 'science', 'adventure'],
  },
  {
    title: 'Who Was Albert Einstein?',
    author: 'Jess Brallier',
    isbn: null,
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'The life of a curious boy who wondered about light and time, and grew up to change how we see the universe.',
    topics: ['science', 'history'],
  },
  {
    title: 'Frank Einstein and the Antimatter Motor',
    author: 'Jon Scieszka',
    isbn: null,
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'Kid inventor Frank Einstein and his two robots race a rival genius to finish a motor that could change the world.',
    topics: ['science', 'robots', 'funny stories'],
  },
  {
    title: 'Matilda',
    author: 'Roald Dahl',
    isbn: '9780142410370',
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'A brilliant girl with awful parents and a terrifying headmistress discovers a power of her own.',
    topics: ['funny stories', 'school', 'fantasy'],
  },
  {
    title: 'Stone Fox',
    author: 'John Reynolds Gardiner',
    isbn: null,
    ageMin: 8,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'To save his grandfather’s farm, Willy and his dog Searchlight enter a sled race against the legendary Stone Fox.',
    topics: ['sports', 'animals', 'family'],
  },
  {
    title: 'Where the Sidewalk Ends',
    author: 'Shel Silverstein',
    isbn: '9780060256678',
    ageMin: 7,
    ageMax: 11,
    readingLevel: 'branch',
    summary:
      'Silly, strange and tender poems and drawings, from a boy who turns into a TV set to the place where the sidewalk ends.',
    topics: ['poetry', 'funny stories'],
  },

  // Canopy
  {
    title: 'Holes',
    author: 'Louis Sachar',
    isbn: '9780440414803',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary:
      'Sent to a desert camp for a crime he did not commit, Stanley digs a hole a day and uncovers a family curse.',
    topics: ['adventure', 'mysteries', 'history'],
  },
  {
    title: 'The Westing Game',
    author: 'Ellen Raskin',
    isbn: '9780142401200',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary:
      'Sixteen heirs to a millionaire’s fortune are paired up and set a puzzle: which of them killed him?',
    topics: ['mysteries', 'funny stories'],
  },
  {
    title: 'From the Mixed-Up Files of Mrs. Basil E. Frankweiler',
    author: 'E. L. Konigsburg',
    isbn: '9780689711817',
    ageMin: 9,
    ageMax: 12,
    readingLevel: 'canopy',
    summary:
      'Claudia and her little brother run away to live in a New York art museum, and fall into the mystery of an angel statue.',
    topics: ['mysteries', 'art', 'adventure'],
  },
  {
    title: 'A Wrinkle in Time',
    author: 'Madeleine L’Engle',
    isbn: '9780312367541',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary:
      'Meg, her little brother and a friend travel across the universe to rescue her scientist father.',
    topics: ['space', 'fantasy', 'science', 'family'],
  },
  {
    title: 'Hatchet',
    author: 'Gary Paulsen',
    isbn: '9781416936466',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary:
      'After a plane crash, thirteen-year-old Brian is alone in the Canadian wilderness with nothing but a hatchet.',
    topics: ['adventure', 'nature'],
  },
  {
    title: 'Number the Stars',
    author: 'Lois Lowry',
    isbn: '9780547577098',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary:
      'In occupied Copenhagen in 1943, Annemarie’s family risks everything to help her Jewish best friend escape.',
    topics: ['history', 'friendship', 'family'],
  },
  {
    title: 'The Crossover',
    author: 'Kwame Alexander',
    isbn: '9780544107717',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary:
      'Twin brothers rule the basketball court until things change on it and off it, told in poems that move like the game.',
    topics: ['sports', 'poetry', 'family'],
  },
  {
    title: 'Harry Potter and the Sorcerer’s Stone',
    author: 'J. K. Rowling',
    isbn: '9780590353427',
    ageMin: 9,
    ageMax: 13,
    readingLevel: 'canopy',
    summary:
      'On his eleventh birthday Harry learns that he is a wizard, and leaves his dreadful relatives for Hogwarts.',
    topics: ['fantasy', 'adventure', 'school', 'friendship'],
  },
  {
    title: 'The Lion, the Witch and the Wardrobe',
    author: 'C. S. Lewis',
    isbn: '9780064404990',
    ageMin: 9,
    ageMax: 12,
    readingLevel: 'canopy',
    summary:
      'Four children step through a wardrobe into Narnia, a land the White Witch keeps in endless winter.',
    topics: ['fantasy', 'adventure', 'family'],
  },
  {
    title: 'Brown Girl Dreaming',
    author: 'Jacqueline Woodson',
    isbn: '9780399252518',
    ageMin: 10,
    ageMax: 13,
    readingLevel: 'canopy',
    summary:
      'Jacqueline Woodson tells in poems of growing up between South Carolina and Brooklyn in the 1960s and 70s.',
    topics: ['poetry', 'history', 'family'],
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
  // The voice portfolio's passages: one a level, read every four weeks and never practised.
  {
    title: 'My Little Boat',
    readingLevel: 'sprout',
    portfolio: true,
    text: 'I have a little boat. It is blue and white. I take it to the bath. The boat can float. I push it and it goes. A toy duck sits in the boat. Splash! The duck falls in. We both get wet, and Mum laughs.',
  },
  {
    title: 'The Lost Mitten',
    readingLevel: 'sapling',
    portfolio: true,
    text: 'When Ravi came in from the snow, one of his green mittens was missing. He looked under the bench and behind the door, but it was not there. His sister helped him follow his footprints back across the yard. There, hanging on the fence, was the mitten, with a small brown bird sitting right beside it.',
  },
  {
    title: 'The Kite Festival',
    readingLevel: 'branch',
    portfolio: true,
    text: 'Every spring, the whole town gathers on the hill above the harbour for the kite festival. This year, Priya and her uncle had spent three weekends building a kite shaped like a dragon, with a long tail of red and gold ribbons. When the wind finally caught it, the dragon climbed higher than any other kite on the hill, and the crowd below cheered as its ribbons rippled against the clouds.',
  },
  {
    title: 'The Night Garden',
    readingLevel: 'canopy',
    portfolio: true,
    text: 'Most people think a garden sleeps at night, but Grandmother Ines knew better. After supper she would hand Tomas a torch wrapped in red cellophane, so that its light would not startle anything, and lead him between the rows of beans. Moths drifted around the pale flowers of the tobacco plants; a toad waited patiently beneath a cabbage leaf; and once, unforgettably, a hedgehog trundled across the path, paused to consider them both, and vanished into the hedge.',
  },
] as const;

/**
 * Maya's voice portfolio so far: "The Kite Festival" read eight and four weeks ago, heard on the
 * family's device and saved as figures only (the words she missed, by their place in the passage).
 */
export const DEMO_PORTFOLIO = {
  passage: 'The Kite Festival',
  readings: [
    { day: -56, durationMs: 48_600, readingMs: 46_900, missed: [17, 29, 52, 60], confidence: 0.86 },
    { day: -28, durationMs: 44_100, readingMs: 42_400, missed: [29, 60], confidence: 0.88 },
  ],
} as const;

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

/**
 * The demo parent's children. Their interests are labels from the child form; weekly plans match
 * them to book topics lower-cased ("Funny stories" is the topic "funny stories").
 */
export const DEMO_CHILDREN = [
  {
    firstName: 'Maya',
    ageBand: '8-10',
    readingLevel: 'branch',
    interests: ['Animals', 'Mysteries', 'Science'],
  },
  { firstName: 'Theo', ageBand: '4-6', readingLevel: 'sprout', interests: ['Dinosaurs', 'Funny stories'] },
] as const;

type DemoBookTitle = (typeof BOOKS)[number]['title'];

interface DemoReader {
  firstName: string;
  ageBand: AgeBand;
  readingLevel: ReadingLevel;
  interests: readonly string[];
  /** The catalogue books they read, each with the stars they gave it. */
  rated: readonly (readonly [DemoBookTitle, number])[];
}

interface DemoReaderFamily {
  uid: string;
  email: string;
  displayName: string;
  children: readonly DemoReader[];
}

/**
 * The demo reader five days into a monthly program who has read far less than the week's goal (a
 * Canopy reader's goal is 75 minutes at least; one 25-minute book falls in the week): the team's
 * "Enrolled children" shows a child behind on the plan.
 */
export const DEMO_BEHIND_READER = 'Arjun';

/**
 * Other families in the program, with no sign-in account: their children's ratings are what the
 * weekly plans learn from ("loved by 2 Branch readers who like science"). Three children at each
 * level, with interests that overlap Maya's and Theo's and each other's, and tastes that differ
 * from group to group: the science fans at one level do not love the books the animal fans do.
 */
export const DEMO_READER_FAMILIES: readonly DemoReaderFamily[] = [
  {
    uid: 'demo-reader-0001',
    email: 'anita.patel@example.com',
    displayName: 'Anita Patel',
    children: [
      {
        firstName: 'Dev',
        ageBand: '4-6',
        readingLevel: 'sprout',
        interests: ['Dinosaurs', 'Animals'],
        rated: [
          ['How Do Dinosaurs Say Good Night?', 5],
          ['Danny and the Dinosaur', 5],
          ['The Very Hungry Caterpillar', 5],
          ['Tyrannosaurus Drip', 4],
          ['The Snail and the Whale', 5],
          ['Mercy Watson to the Rescue', 5],
          ['Don’t Let the Pigeon Drive the Bus!', 3],
        ],
      },
      {
        firstName: 'Priya',
        ageBand: '6-8',
        readingLevel: 'sapling',
        interests: ['Science', 'Space'],
        rated: [
          ['The Magic School Bus Lost in the Solar System', 5],
          ['Midnight on the Moon', 5],
          ['Ada Twist, Scientist', 5],
          ['Dinosaurs Before Dark', 4],
          ['The Twits', 2],
        ],
      },
      {
        firstName: 'Arjun',
        ageBand: '10-12',
        readingLevel: 'canopy',
        interests: ['Sports', 'Poetry', 'History'],
        rated: [
          ['The Crossover', 5],
          ['Brown Girl Dreaming', 4],
          ['Number the Stars', 4],
          ['Wonder', 4],
          ['Holes', 3],
        ],
      },
    ],
  },
  {
    uid: 'demo-reader-0002',
    email: 'kwame.mensah@example.com',
    displayName: 'Kwame Mensah',
    children: [
      {
        firstName: 'Ama',
        ageBand: '4-6',
        readingLevel: 'sprout',
        interests: ['Funny stories', 'Fairy tales'],
        rated: [
          ['Don’t Let the Pigeon Drive the Bus!', 5],
          ['We Are in a Book!', 5],
          ['The Gruffalo', 5],
          ['Room on the Broom', 4],
          ['The Snail and the Whale', 5],
          ['Mercy Watson to the Rescue', 5],
          ['How Do Dinosaurs Say Good Night?', 3],
        ],
      },
      {
        firstName: 'Kofi',
        ageBand: '8-10',
        readingLevel: 'branch',
        interests: ['Science', 'Space', 'Funny stories'],
        rated: [
          ['George’s Secret Key to the Universe', 5],
          ['Frank Einstein and the Antimatter Motor', 5],
          ['Who Was Albert Einstein?', 4],
          ['Encyclopedia Brown, Boy Detective', 4],
          ['Matilda', 4],
          ['Where the Sidewalk Ends', 4],
          ['The Wild Robot', 4],
        ],
      },
      {
        firstName: 'Esi',
        ageBand: '10-12',
        readingLevel: 'canopy',
        interests: ['Mysteries', 'History'],
        rated: [
          ['The Westing Game', 5],
          ['From the Mixed-Up Files of Mrs. Basil E. Frankweiler', 5],
          ['Number the Stars', 5],
          ['Holes', 4],
          ['The Phantom Tollbooth', 3],
        ],
      },
    ],
  },
  {
    uid: 'demo-reader-0003',
    email: 'elena.garcia@example.com',
    displayName: 'Elena García',
    children: [
      {
        firstName: 'Mateo',
        ageBand: '6-8',
        readingLevel: 'sapling',
        interests: ['Funny stories', 'Animals'],
        rated: [
          ['Dog Man', 5],
          ['Fantastic Mr Fox', 5],
          ['Mercy Watson to the Rescue', 5],
          ['Mercy Watson Goes for a Ride', 4],
          ['Mr. Popper’s Penguins', 4],
          ['The Twits', 4],
          ['The Magic Finger', 3],
        ],
      },
      {
        firstName: 'Sofía',
        ageBand: '8-10',
        readingLevel: 'branch',
        interests: ['Animals', 'Sports'],
        rated: [
          ['Stone Fox', 5],
          ['The One and Only Ivan', 5],
          ['The Wild Robot', 5],
          ['Charlotte’s Web', 5],
          ['Because of Winn-Dixie', 4],
          ['Stuart Little', 3],
        ],
      },
      {
        firstName: 'Lucía',
        ageBand: '10-12',
        readingLevel: 'canopy',
        interests: ['Adventure', 'Space'],
        rated: [
          ['A Wrinkle in Time', 5],
          ['Hatchet', 5],
          ['Harry Potter and the Sorcerer’s Stone', 5],
          ['Holes', 5],
          ['The Lion, the Witch and the Wardrobe', 4],
        ],
      },
    ],
  },
  {
    uid: 'demo-reader-0004',
    email: 'morgan.lee@example.com',
    displayName: 'Morgan Lee',
    children: [
      {
        firstName: 'Ollie',
        ageBand: '4-6',
        readingLevel: 'sprout',
        interests: ['Dinosaurs', 'Funny stories', 'Art'],
        rated: [
          ['The Day the Crayons Quit', 5],
          ['Tyrannosaurus Drip', 5],
          ['Don’t Let the Pigeon Drive the Bus!', 5],
          ['Danny and the Dinosaur', 4],
          ['How Do Dinosaurs Say Good Night?', 4],
          ['The Snail and the Whale', 5],
          ['The Cat in the Hat', 3],
        ],
      },
      {
        firstName: 'Hana',
        ageBand: '6-8',
        readingLevel: 'sapling',
        interests: ['Mysteries', 'Fairy tales'],
        rated: [
          ['Nate the Great', 5],
          ['The Princess in Black', 5],
          ['The Absent Author', 4],
          ['The Magic Finger', 4],
          ['Dog Man', 3],
        ],
      },
      {
        firstName: 'Isla',
        ageBand: '8-10',
        readingLevel: 'branch',
        interests: ['Mysteries', 'Science', 'Animals'],
        rated: [
          ['Encyclopedia Brown, Boy Detective', 5],
          ['The One and Only Ivan', 5],
          ['George’s Secret Key to the Universe', 5],
          ['The Secret of the Old Clock', 4],
          ['The Boxcar Children', 4],
          ['Charlotte’s Web', 4],
          ['Who Was Albert Einstein?', 3],
        ],
      },
    ],
  },
];
