import type { Category, CategoryGroupId } from '@si/contracts';

type CategorySeed = Pick<Category, 'id' | 'name' | 'emoji' | 'description'>;

/** Gives each category of a group its group id and its position within the group. */
function inGroup(groupId: CategoryGroupId, items: CategorySeed[]): Category[] {
  return items.map((item, index) => ({ ...item, groupId, sortOrder: index }));
}

/** Every category shown in the directory, grouped in the order of categoryGroups. */
export const categories: Category[] = [
  ...inGroup('impact_areas', [
    {
      id: 'climate_action',
      name: 'Climate Action',
      emoji: '🌱',
      description:
        'Cuts emissions, builds resilience or helps communities adapt to a changing climate.',
    },
    {
      id: 'education',
      name: 'Education & Learning',
      emoji: '📚',
      description:
        'Opens doors to learning, from early childhood to skills for a first or second career.',
    },
    {
      id: 'health_wellbeing',
      name: 'Health & Wellbeing',
      emoji: '🩺',
      description: 'Helps people get healthy and stay healthy, in body and in mind.',
    },
    {
      id: 'economic_inclusion',
      name: 'Economic Inclusion',
      emoji: '🪙',
      description: 'Brings fair work, income and financial tools to people the economy leaves out.',
    },
    {
      id: 'food_systems',
      name: 'Food & Agriculture',
      emoji: '🌾',
      description: 'Makes the way food is grown, shared and eaten fairer and more sustainable.',
    },
    {
      id: 'water_sanitation',
      name: 'Water & Sanitation',
      emoji: '💧',
      description:
        'Gets safe water, toilets and hygiene to the people who still live without them.',
    },
    {
      id: 'biodiversity',
      name: 'Biodiversity & Nature',
      emoji: '🐝',
      description: 'Protects and restores the ecosystems, species and landscapes we all depend on.',
    },
    {
      id: 'human_rights',
      name: 'Human Rights & Justice',
      emoji: '⚖️',
      description: 'Stands up for dignity, equal rights and access to justice for everyone.',
    },
  ]),
  ...inGroup('work_methods', [
    {
      id: 'community_led',
      name: 'Community-Led',
      emoji: '🏘️',
      description: 'Lets the people it serves set the priorities and shape the work from day one.',
    },
    {
      id: 'human_centered_design',
      name: 'Human-Centered Design',
      emoji: '🎨',
      description:
        'Prototypes with real users and keeps refining until the solution truly fits their lives.',
    },
    {
      id: 'open_source',
      name: 'Open Source',
      emoji: '🔓',
      description:
        'Publishes its code, designs or methods openly so anyone can use and improve them.',
    },
    {
      id: 'data_driven',
      name: 'Data-Driven',
      emoji: '📊',
      description: 'Measures what matters and lets the evidence decide what to keep, fix or stop.',
    },
    {
      id: 'research_evidence',
      name: 'Research & Evidence',
      emoji: '🔬',
      description: 'Runs rigorous research and shares what it learns, including what did not work.',
    },
    {
      id: 'field_based',
      name: 'Field-Based',
      emoji: '🥾',
      description:
        'Works on the ground, side by side with communities, rather than from a distant office.',
    },
  ]),
  ...inGroup('differentiators', [
    {
      id: 'women_led',
      name: 'Women-Led',
      emoji: '👩‍💼',
      description:
        'Founded or led by women, with women in the decisions that shape the organization.',
    },
    {
      id: 'lived_experience_led',
      name: 'Led by Lived Experience',
      emoji: '🫶',
      description:
        'Led by people who have personally lived the challenge the organization tackles.',
    },
    {
      id: 'indigenous_led',
      name: 'Indigenous-Led',
      emoji: '🪶',
      description:
        'Led by Indigenous people, grounded in their knowledge, land and self-determination.',
    },
    {
      id: 'youth_led',
      name: 'Youth-Led',
      emoji: '🧑‍🎓',
      description:
        'Run by young people who bring fresh energy and a long-term stake in the outcome.',
    },
    {
      id: 'global_south_led',
      name: 'Global South-Led',
      emoji: '🌏',
      description: 'Headquartered and led in the Global South, close to the problems it works on.',
    },
    {
      id: 'tech_for_good',
      name: 'Tech for Good',
      emoji: '💡',
      description: 'Builds technology whose first purpose is social or environmental impact.',
    },
  ]),
  ...inGroup('culture', [
    {
      id: 'flexible_hours',
      name: 'Flexible Hours',
      emoji: '⏰',
      description: 'Trusts its people to plan their own days around life, family and focus.',
    },
    {
      id: 'four_day_week',
      name: 'Four-Day Week',
      emoji: '🗓️',
      description: 'Works a four-day week at full pay, because rested people do better work.',
    },
    {
      id: 'radical_transparency',
      name: 'Radical Transparency',
      emoji: '🔍',
      description: 'Shares salaries, finances and decisions openly with its team and supporters.',
    },
    {
      id: 'learning_culture',
      name: 'Learning Culture',
      emoji: '📖',
      description: 'Gives everyone time and budget to grow, and treats mistakes as lessons.',
    },
    {
      id: 'wellbeing_first',
      name: 'Wellbeing First',
      emoji: '🧘',
      description: 'Puts the health of its team first, with real support against burnout.',
    },
    {
      id: 'inclusive_culture',
      name: 'Inclusive Culture',
      emoji: '🌈',
      description: 'Builds a team where people of every background belong and are heard.',
    },
  ]),
  ...inGroup('company_properties', [
    {
      id: 'nonprofit',
      name: 'Nonprofit',
      emoji: '💚',
      description: 'A registered nonprofit or charity that reinvests every surplus in its mission.',
    },
    {
      id: 'social_enterprise',
      name: 'For-Profit Social Enterprise',
      emoji: '💼',
      description: 'A business that earns its own revenue and puts its social mission first.',
    },
    {
      id: 'b_corp',
      name: 'B Corp Certified',
      emoji: '🅱️',
      description:
        'Independently certified as a B Corp for its social and environmental performance.',
    },
    {
      id: 'cooperative',
      name: 'Cooperative',
      emoji: '🧑‍🤝‍🧑',
      description: 'Owned and democratically governed by its members, workers or community.',
    },
    {
      id: 'startup',
      name: 'Startup (1-10)',
      emoji: '🚀',
      description: 'A young team of one to ten people, moving fast to prove its idea.',
    },
    {
      id: 'small_team',
      name: 'Small Team (11-50)',
      emoji: '👥',
      description: 'A close-knit team of eleven to fifty people where everyone shapes the work.',
    },
    {
      id: 'large_team',
      name: 'Large Team (50+)',
      emoji: '🏙️',
      description: 'An established organization of more than fifty people with reach to match.',
    },
    {
      id: 'remote_first',
      name: 'Remote-First',
      emoji: '🏠',
      description: 'Works remotely by default, so the team can join from wherever they live.',
    },
  ]),
  ...inGroup('approach', [
    {
      id: 'systems_change',
      name: 'Systems Change',
      emoji: '🔗',
      description:
        'Goes after the root causes, changing the rules, markets and norms behind a problem.',
    },
    {
      id: 'grassroots',
      name: 'Grassroots',
      emoji: '🌿',
      description: 'Grows from local people and local groups organizing for their own community.',
    },
    {
      id: 'policy_advocacy',
      name: 'Policy & Advocacy',
      emoji: '📣',
      description:
        'Pushes for better laws and public policy so change lasts beyond a single project.',
    },
    {
      id: 'market_based',
      name: 'Market-Based Solutions',
      emoji: '🛒',
      description: 'Uses products, services and fair trade to make impact pay for itself.',
    },
    {
      id: 'direct_service',
      name: 'Direct Service',
      emoji: '🤲',
      description: 'Delivers help straight to the people who need it, every day.',
    },
    {
      id: 'prevention_first',
      name: 'Prevention First',
      emoji: '🛡️',
      description: 'Stops problems before they start instead of only treating their effects.',
    },
  ]),
  ...inGroup('how_we_scale_change', [
    {
      id: 'social_franchising',
      name: 'Replication & Franchising',
      emoji: '🧬',
      description: 'Packages a proven model so partners can run it in new places.',
    },
    {
      id: 'government_adoption',
      name: 'Government Adoption',
      emoji: '🏛️',
      description: 'Works with governments to build its model into public systems for good.',
    },
    {
      id: 'knowledge_sharing',
      name: 'Open Knowledge Sharing',
      emoji: '📤',
      description:
        'Gives away its toolkits, curricula and lessons so others can go further, faster.',
    },
    {
      id: 'capacity_building',
      name: 'Training & Capacity Building',
      emoji: '🧑‍🏫',
      description: 'Trains local leaders and organizations to carry the work forward themselves.',
    },
    {
      id: 'digital_platforms',
      name: 'Digital Platforms',
      emoji: '📱',
      description: 'Reaches many more people through apps, platforms and online services.',
    },
    {
      id: 'movement_building',
      name: 'Movement Building',
      emoji: '✊',
      description:
        'Mobilizes people and allies into a movement that is bigger than any one organization.',
    },
    {
      id: 'partner_networks',
      name: 'Partner Networks',
      emoji: '🕸️',
      description: 'Grows impact through a network of partners who share resources and results.',
    },
  ]),
];

/** Placeholder category of docs/product.md#what-the-product-stores: it exists in the database but is never shown. */
export const defaultCategory: Category = {
  id: 'default_category',
  name: 'Uncategorized',
  description: 'Placeholder for organizations that have not chosen a category yet; never shown.',
  emoji: '🏷️',
  groupId: 'company_properties',
  sortOrder: 999,
};
