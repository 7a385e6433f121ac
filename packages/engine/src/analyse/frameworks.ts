// Pass: frameworks and major libraries, from declared dependencies through the package-role table
// (package-roles.ts) only. Files and code patterns are no evidence: a `manage.py` or a
// `conftest.py` says nothing a manifest does not say better.

import { categoryOf, dependencyRole, packageInfo, type PackageInfo } from './package-roles.ts';
import type { Dependency, Framework, PackageRole } from './types.ts';

export function frameworksPass(deps: Dependency[]): Framework[] {
  // the product's runtime dependencies first, so a framework cites where the product declares it
  // (the root package's manifest before a sibling package's, for a framework both declare)
  const depth = (d: Dependency) => d.manifest.split('/').length;
  const ordered = [...deps].sort((x, y) => shipRank(x) - shipRank(y) || depth(x) - depth(y));
  // one package per framework: among those of equal rank, the one named for it does the work
  // (`stripe`, the server SDK, not `@stripe/stripe-js`, the browser loader; `react`, not `react-dom`)
  const best = new Map<string, { d: Dependency; info: PackageInfo; role: PackageRole }>();
  for (const d of ordered) {
    const role = dependencyRole(d);
    const own = role && packageInfo(d);
    if (!role || !own) continue;
    // a package of a group that is one framework's release brings that framework too (a Spring Boot
    // starter brings Spring Boot beside what it is for: the web starter brings Spring MVC as well)
    // (only from what the product ships: a test starter brings a test tool, not the framework)
    const shipped = d.scope === 'runtime' || d.scope === 'peer' || d.scope === 'optional';
    const group = shipped ? groupInfo(d) : undefined;
    // the release first: "Spring Boot 4.0.3, Spring MVC", as the build names them
    const named = [
      ...(group && group.display !== own.display ? [{ info: group, role: group.role }] : []),
      { info: own, role },
    ];
    for (const { info, role: r } of named) {
      const held = best.get(info.display);
      if (!held || (shipRank(d) === shipRank(held.d) && namedFor(d) < namedFor(held.d)))
        best.set(info.display, { d, info, role: r });
    }
  }
  // listed where the framework first appears, so the order stays the manifest's
  return [...best.values()].map(({ d, info, role }) => {
    // a framework that is the managing release itself (Spring Boot through a starter) is cited where
    // that release is named, the parent POM's or the Boot plugin's version line, not at the starter
    const release = (!d.version || d.version === '*') && d.managedLine && isGroupRelease(d, info.display);
    const line = release ? d.managedLine : d.line;
    return {
      name: info.display,
      category: categoryOf(role),
      role,
      evidence: line ? `${d.manifest}:${line}` : d.manifest,
      // '*' is a manifest that names no version: the managing release's when the framework is what
      // that release is (Spring Boot 4.0.3 from its parent POM, but not Thymeleaf from the starter
      // that brings it in), else none
      ...(d.version && d.version !== '*'
        ? { version: d.version }
        : d.managedVersion && isGroupRelease(d, info.display)
          ? { version: d.managedVersion }
          : {}),
    };
  });
}

function shipRank(d: Dependency): number {
  const own = !d.area || d.area === 'product' ? 0 : 2;
  return own + (d.scope === 'runtime' || d.scope === 'peer' ? 0 : 1);
}

/** 0 when the package's own name is the framework's name ("stripe" for Stripe), else 1. */
function namedFor(d: Dependency): number {
  const display = packageInfo(d)?.display;
  const bare = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
  return display && bare(d.name) === bare(display) ? 0 : 1;
}

/** The framework the package's whole group is a release of (Spring Boot for org.springframework.boot:*). */
function groupInfo(d: Dependency): PackageInfo | undefined {
  const group = d.name.includes(':') ? d.name.slice(0, d.name.indexOf(':')) : undefined;
  return group ? packageInfo({ ecosystem: d.ecosystem, name: `${group}:` }) : undefined;
}

/** Whether a framework is what the package's whole group is (Spring Boot for org.springframework.boot:*). */
function isGroupRelease(d: Dependency, display: string): boolean {
  const group = d.name.includes(':') ? d.name.slice(0, d.name.indexOf(':')) : undefined;
  return !!group && packageInfo({ ecosystem: d.ecosystem, name: `${group}:` })?.display === display;
}
