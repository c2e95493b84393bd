import type { DemoRole } from './roles.ts';

/**
 * Open roles of demo organizations in the Americas and Europe, and of those that work remotely
 * all over the world. Every detail is made up.
 */
export const rolesInAmericasEuropeRemote: Record<string, DemoRole[]> = {
  'Lernwerk Kollektiv': [
    {
      title: 'Full-Stack Developer (Member Track)',
      kind: 'full_time',
      workplace: 'hybrid',
      city: 'Leipzig',
      pay: { min: 52_000, max: 60_000, currency: 'EUR', period: 'year' },
      about:
        'Lernwerk is owned by the people who work here. After a year, every developer may become a member with an equal vote, and we all work four days a week.',
      tasks:
        'You will build features of our apprenticeship journal in TypeScript and PostgreSQL, talk to teachers and apprentices in the schools that use it, and review code with the rest of the team. German at B2 level or better is needed.',
      apply: 'link',
      postedDaysAgo: 4,
      openDays: 60,
    },
    {
      title: 'Werkstudent:in UX Research',
      kind: 'part_time',
      workplace: 'hybrid',
      city: 'Leipzig',
      pay: { min: 16, max: 16, currency: 'EUR', period: 'hour' },
      about:
        'Twenty hours a week during the semester, for a student of design, psychology or education.',
      tasks:
        'You will plan and run interviews in vocational schools, sort what you hear into clear findings and test prototypes with apprentices.',
      apply: 'email',
      postedDaysAgo: 18,
      openDays: 30,
    },
  ],
  'Harbor Lane Legal Aid': [
    {
      title: 'Staff Attorney, Eviction Defense',
      kind: 'full_time',
      workplace: 'on_site',
      city: 'Baltimore',
      pay: { min: 72_000, max: 84_000, currency: 'USD', period: 'year' },
      about:
        'Our attorneys represent tenants at rent court every weekday. Most cases are won or lost in the first ten minutes, so preparation matters.',
      tasks:
        'You will carry a caseload of eviction defense matters, supervise two community advocates and work with our policy team on patterns you see in court. Admission to the Maryland bar, or sitting for it soon, is needed.',
      apply: 'link',
      postedDaysAgo: 10,
      openDays: 45,
    },
    {
      title: 'Court Navigator Volunteer',
      kind: 'volunteer',
      workplace: 'on_site',
      city: 'Baltimore',
      about:
        'Navigators meet tenants in the courthouse hallway, explain what will happen and connect them with an attorney.',
      tasks:
        'One morning a week for at least three months, after a day of training. No legal background needed; Spanish is very welcome.',
      apply: 'email',
      postedDaysAgo: 26,
      openDays: 90,
    },
  ],
  'Aireandino Sensor Lab': [
    {
      title: 'Electronics Engineer, Sensor Kits',
      kind: 'contract',
      workplace: 'on_site',
      city: 'Arequipa',
      about:
        'A four-month contract to redesign our sensor board around parts that can be bought in Peru, so schools can repair their own kits.',
      tasks:
        'You will redesign the board, test it against a reference monitor on our roof and write the assembly guide with our education team. Experience with KiCad and low-power microcontrollers is needed.',
      apply: 'email',
      postedDaysAgo: 13,
      openDays: 35,
    },
  ],
  'Second Spring Kitchen': [
    {
      title: 'Trainee Chef',
      kind: 'full_time',
      workplace: 'on_site',
      city: 'Bristol',
      pay: { min: 13, max: 14, currency: 'GBP', period: 'hour' },
      about:
        'A paid year in our kitchen for someone who has recently left prison, leading to a Level 2 qualification in professional cookery.',
      tasks:
        'You will work on every station of the café and the catering kitchen, with a mentor who has walked the same road. No kitchen experience needed, only the wish to learn and to turn up.',
      apply: 'email',
      postedDaysAgo: 7,
      openDays: 40,
    },
    {
      title: 'Catering Operations Manager',
      kind: 'full_time',
      workplace: 'on_site',
      city: 'Bristol',
      about:
        'Our catering arm pays for a third of our training places. The manager keeps it growing without losing what makes it ours.',
      tasks:
        'You will run the events calendar, cost menus, lead the catering team and look after our regular clients. Experience running a catering business and a calm head on a busy Friday are needed.',
      apply: 'link',
      postedDaysAgo: 29,
      openDays: 30,
    },
  ],
  'Dijkwacht Climate Lab': [
    {
      title: 'Researcher, Urban Water',
      kind: 'full_time',
      workplace: 'hybrid',
      city: 'Rotterdam',
      about:
        'We measure how green roofs and water squares perform in real streets, and what residents think of them. A four-day week, as for everyone here.',
      tasks:
        'You will run our measurement network, analyse rainfall and storage data and co-write the guidance cities use to plan the next streets. A background in hydrology or civil engineering is needed.',
      apply: 'link',
      postedDaysAgo: 21,
      openDays: 55,
    },
    {
      title: 'Design Intern, Flood-Ready Streets',
      kind: 'internship',
      workplace: 'on_site',
      city: 'Rotterdam',
      pay: { min: 700, max: 700, currency: 'EUR', period: 'month' },
      about: 'A five-month internship for a student of urban or landscape design.',
      tasks:
        'You will draw design options with residents in workshops, build simple models and help turn the favourite into a plan the municipality can take on.',
      apply: 'email',
      postedDaysAgo: 36,
      openDays: 50,
      closedDaysAgo: 9,
    },
  ],
  'Sol de Barri Energia': [
    {
      title: 'Community Energy Organiser',
      kind: 'part_time',
      workplace: 'on_site',
      city: 'Valencia',
      about:
        'Our cooperative grows one roof at a time, through neighbours who talk to neighbours. The organiser makes those conversations happen.',
      tasks:
        'Twenty-five hours a week: run information evenings, sign up new members, and help each new roof through the vote and the installation. Spanish and Valencian are needed.',
      apply: 'email',
      postedDaysAgo: 17,
      openDays: 45,
    },
  ],
  'Red River Food Share': [
    {
      title: 'Warehouse Driver',
      kind: 'full_time',
      workplace: 'on_site',
      city: 'Winnipeg',
      pay: { min: 22, max: 25, currency: 'CAD', period: 'hour' },
      about:
        'Our drivers collect surplus food from farms, grocers and bakeries and bring it to the warehouse, often before sunrise.',
      tasks:
        'You will drive a refrigerated truck on set routes, load and unload safely and keep the cold chain records. A Class 3 licence and a clean driving record are needed.',
      apply: 'link',
      postedDaysAgo: 5,
      openDays: 30,
    },
    {
      title: 'Community Kitchen Volunteer',
      kind: 'volunteer',
      workplace: 'on_site',
      city: 'Winnipeg',
      about: 'Help families stretch a tight budget further at our weekly cooking classes.',
      tasks:
        'Three hours on a weekday evening: prepare ingredients, help at the stoves and wash up. A food handler certificate is a plus; we can train you.',
      apply: 'email',
      postedDaysAgo: 24,
      openDays: 120,
    },
    {
      title: 'Pantry Partnerships Coordinator',
      kind: 'contract',
      workplace: 'hybrid',
      city: 'Winnipeg',
      about:
        'A one-year contract to bring twenty more rural pantries into our network and make deliveries to the ones we have more reliable.',
      tasks:
        'You will visit pantries across the prairies, plan delivery schedules with our drivers and keep in touch with volunteer leads.',
      apply: 'link',
      postedDaysAgo: 39,
      openDays: 20,
      closedDaysAgo: 2,
    },
  ],
  'Metsä Data Commons': [
    {
      title: 'Open Source Maintainer, Mapping Tools',
      kind: 'part_time',
      workplace: 'remote',
      remoteCountries: ['FI', 'SE', 'NO', 'EE'],
      about:
        'Our mapping tools are used by forest owners, researchers and volunteers. They need someone to look after them three days a week.',
      tasks:
        'You will review pull requests, fix bugs reported by volunteers and plan releases with the community. Python and some GIS are needed; Finnish is not.',
      apply: 'link',
      postedDaysAgo: 23,
      openDays: 65,
    },
  ],
  'Instituto Raiz Urbana': [
    {
      title: 'Research Fellow, Housing and Evictions',
      kind: 'fellowship',
      workplace: 'on_site',
      city: 'São Paulo',
      pay: { min: 3_500, max: 3_500, currency: 'BRL', period: 'month' },
      about:
        "A twelve-month fellowship for young researchers from São Paulo's outskirts who want to study their own neighbourhoods.",
      tasks:
        "You will collect and analyse data on evictions with our team, work with residents' associations and co-author our annual report. Portuguese is needed.",
      apply: 'email',
      postedDaysAgo: 12,
      openDays: 40,
    },
    {
      title: 'Data Journalist',
      kind: 'contract',
      workplace: 'hybrid',
      city: 'São Paulo',
      about: 'A six-month contract to turn our housing reports into stories people actually read.',
      tasks:
        'You will find the stories in our data, build charts and maps, and pitch them to newspapers with our researchers.',
      apply: 'link',
      postedDaysAgo: 16,
      openDays: 25,
    },
  ],
  'Lumen Mentors': [
    {
      title: 'Volunteer Mentor',
      kind: 'volunteer',
      workplace: 'remote',
      about:
        'One video call a week with a first-generation university student, for one academic year.',
      tasks:
        'You help with applications, study plans and homesickness, and you listen. We train you in two evening sessions and stay close if anything gets difficult.',
      apply: 'link',
      postedDaysAgo: 0,
      openDays: 120,
    },
    {
      title: 'Mentor Community Manager',
      kind: 'part_time',
      workplace: 'remote',
      pay: { min: 2_000, max: 2_400, currency: 'USD', period: 'month' },
      about:
        'Our mentors live in forty countries. The community manager makes them feel part of one team.',
      tasks:
        'Twenty-five hours a week: run mentor onboarding, host the monthly mentor circles and answer questions quickly and kindly.',
      apply: 'email',
      postedDaysAgo: 9,
      openDays: 45,
    },
  ],
  'Fairwind Climate Collective': [
    {
      title: 'Climate Data Journalist',
      kind: 'full_time',
      workplace: 'remote',
      about:
        'Our members live on five continents and own the collective together. This role turns climate research into local stories.',
      tasks:
        'You will analyse climate and emissions data, write stories and explainers for campaigners and city governments, and work closely with our designers. Strong English is needed; another language is a plus.',
      apply: 'link',
      postedDaysAgo: 3,
      openDays: 60,
    },
    {
      title: 'Data Visualisation Contractor',
      kind: 'contract',
      workplace: 'remote',
      remoteCountries: ['GB', 'IE', 'NL', 'DE', 'PT', 'ES'],
      pay: { min: 4_500, max: 6_000, currency: 'EUR', period: 'month' },
      about: 'Ten days a month for three months, to build a set of reusable chart templates.',
      tasks:
        'You will design charts for heat, flood and air quality stories that work on a phone, in print and in presentations, and document them for our writers.',
      apply: 'email',
      postedDaysAgo: 7,
      openDays: 35,
    },
  ],
  'Seedling Open Health Lab': [
    {
      title: 'Biomedical Engineer',
      kind: 'full_time',
      workplace: 'remote',
      pay: { min: 70_000, max: 90_000, currency: 'USD', period: 'year' },
      about:
        'We design infant warmers and pulse oximeters that local workshops can build and repair. Our designs are free for everyone.',
      tasks:
        'You will lead design and testing of our next device, work with partner workshops on their first builds and publish test results openly. Experience with medical device standards is needed.',
      apply: 'link',
      postedDaysAgo: 2,
      openDays: 70,
    },
    {
      title: 'Global Health Fellow',
      kind: 'fellowship',
      workplace: 'remote',
      remoteCountries: ['NG', 'GH', 'KE', 'UG', 'IN', 'BD'],
      about:
        'A six-month fellowship for clinicians who want to help shape medical devices for the hospitals they work in.',
      tasks:
        'You will test prototypes in your own hospital, gather feedback from colleagues and help us write the user guides. A stipend covers a day a week.',
      apply: 'email',
      postedDaysAgo: 5,
      openDays: 60,
    },
  ],
};
