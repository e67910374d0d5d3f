import type { Catalog } from '../types';

export const stats: Catalog['stats'] = {
  tab: 'Statistics',
  ownPageTitle: 'My statistics',
  pageTitle: "{{name}}'s statistics",
  heading: 'Statistics',
  recapLink: 'Your year on Acervo {{year}}',
  summary_one: '{{count}} item rated, average {{average}}',
  summary_other: '{{count}} items rated, average {{average}}',
  othersNote: 'Counting public collections only.',
  loadFailed: 'The statistics could not be loaded. Please try again.',
  empty: 'Rate a few items to see your taste here',
  emptyAction: 'Go to my collections',
  emptyOther: '{{name}} has no rated items in the collections you can see yet.',
  chartLoading: 'Loading the chart...',
  histogram: {
    heading: 'Ratings given',
    label: 'Bar chart: how many items got each rating, from 0.5 to 5 stars',
    step_one: '{{count}} item rated {{rating}} stars',
    step_other: '{{count}} items rated {{rating}} stars',
    axis: 'Stars',
  },
  categories: {
    heading: 'By category',
    label: 'Bar chart: items rated per category',
    row_one: '{{name}}: {{count}} item rated, average {{average}}',
    row_other: '{{name}}: {{count}} items rated, average {{average}}',
    averageShort: 'avg. {{average}}',
    noAverage: 'no rating',
  },
  generosity: {
    heading: 'Generous or harsh?',
    label: 'Bar chart: own average next to the average other people gave',
    own: 'Own average',
    others: 'Other people’s average',
    generous_one:
      'More generous ratings than other people’s: average {{own}} against {{others}}, over {{count}} item in common.',
    generous_other:
      'More generous ratings than other people’s: average {{own}} against {{others}}, over {{count}} items in common.',
    harsh_one:
      'Harsher ratings than other people’s: average {{own}} against {{others}}, over {{count}} item in common.',
    harsh_other:
      'Harsher ratings than other people’s: average {{own}} against {{others}}, over {{count}} items in common.',
    even_one:
      'Ratings close to other people’s: average {{own}} against {{others}}, over {{count}} item in common.',
    even_other:
      'Ratings close to other people’s: average {{own}} against {{others}}, over {{count}} items in common.',
    none: 'Nobody else has rated the same items yet.',
  },
  activity: {
    heading: 'Activity over the last 12 months',
    label: 'Heat map: items added or rated per day over the last 12 months',
    region: 'Activity heat map, scroll sideways',
    summary_one: '{{count}} item added or rated {{days}}.',
    summary_other: '{{count}} items added or rated {{days}}.',
    days_one: 'on {{count}} day',
    days_other: 'on {{count}} days',
    busiest_one: 'Busiest day: {{date}}, with {{count}} item.',
    busiest_other: 'Busiest day: {{date}}, with {{count}} items.',
    none: 'No activity over the last 12 months.',
    month_one: '{{month}}: {{count}} item',
    month_other: '{{month}}: {{count}} items',
    monthsCaption: 'Items per month',
    less: 'Less',
    more: 'More',
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  },
  closest: {
    heading: 'Closest taste',
    match: '{{match}}% in common',
    none: 'No people with a close taste yet.',
  },
  mostLiked: {
    heading: 'Most liked collection',
    likes_one: '{{count}} like',
    likes_other: '{{count}} likes',
    none: 'No liked collections yet.',
  },
};
