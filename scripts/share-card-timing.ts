/**
 * Times one share card's drawing (ADR 026): the median of 50 drawings, one after another, of a
 * card without images and of one with a logo and a banner, in wall time and in this process's
 * CPU time (sharp's threads included). Not a test: run it by hand to compare two versions.
 *
 *   node --import tsx scripts/share-card-timing.ts [runs]
 */
import sharp from 'sharp';
import { renderDemoBanner, renderDemoLogo } from '../apps/api/src/db/seed/demo/images.ts';
import {
  drawShareCard,
  type ShareCardContent,
} from '../apps/api/src/pages/share-images/share-card.ts';

const runs = Number(process.argv[2] ?? 50);

const plain: ShareCardContent = {
  name: 'Bright Harvest Collective 4711',
  place: 'District 12, Kenya',
  flagEmoji: '🇰🇪',
  categories: [
    { emoji: '🌱', name: 'Climate Action', groupId: 'impact_areas' },
    { emoji: '🤝', name: 'Community Led', groupId: 'work_methods' },
    { emoji: '📈', name: 'Scaling Through Partners', groupId: 'how_we_scale_change' },
    { emoji: '🏢', name: 'Nonprofit', groupId: 'company_properties' },
  ],
  logo: null,
  banner: null,
  host: 'directory.example.org',
};
const withImages: ShareCardContent = {
  ...plain,
  name: 'Open Lantern Foundation for Rural Libraries and Reading Circles',
  logo: await sharp(await renderDemoLogo('Open Lantern', 200))
    .resize(256)
    .toBuffer(),
  banner: await renderDemoBanner('Open Lantern', 200),
};

async function time(label: string, content: (run: number) => ShareCardContent) {
  // Warm: fonts loaded, static layers and caches made once per process, as on a server.
  await drawShareCard(content(-1));
  const walls: number[] = [];
  const cpus: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const png = await drawShareCard(content(run));
    walls.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    bytes = png.length;
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `${label}: median ${median(walls).toFixed(1)} ms wall, ${median(cpus).toFixed(1)} ms CPU, ${Math.round(bytes / 1024)} KB`,
  );
}

// Each run a different name, as distinct profiles are: nothing is measured twice by luck.
await time('without logo or banner', (run) => ({ ...plain, name: `${plain.name}${run}` }));
await time('with logo and banner', (run) => ({ ...withImages, name: `${withImages.name} ${run}` }));
