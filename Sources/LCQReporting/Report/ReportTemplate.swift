/// The HTML report's Mustache template. `{{name}}` escapes its value; `{{{name}}}` is used only
/// for SVG that lcq drew (its text already escaped).
enum ReportTemplate {
  static let page = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
    <title>{{title}}</title>
    <style>
    :root { --ink: #1d2330; --muted: #5d6675; --line: #dde1e8; --card: #f6f7f9; --accent: #2b6cb0; --bad: #c0392b; --warn: #fff4e5; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: #fff; }
    main { max-width: 980px; margin: 0 auto; padding: 24px 16px 48px; }
    h1 { font-size: 24px; margin: 0 0 4px; }
    h2 { font-size: 19px; margin: 36px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
    h3 { font-size: 16px; margin: 0; }
    .meta, .muted { color: var(--muted); }
    .warning { background: var(--warn); border-left: 5px solid var(--bad); padding: 12px 16px; margin: 16px 0; font-weight: 600; }
    .stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 10px; margin: 16px 0; }
    .stat { background: var(--card); border-radius: 8px; padding: 10px 12px; }
    .stat b { display: block; font-size: 22px; overflow-wrap: anywhere; }
    .stat b.when { font-size: 15px; line-height: 1.9; }
    .stat span { color: var(--muted); font-size: 13px; }
    svg.chart { width: 100%; height: auto; display: block; }
    svg.chart .bar { fill: var(--accent); }
    svg.chart .past { fill: #a9c3e0; }
    svg.chart .mean { stroke: var(--bad); stroke-dasharray: 5 4; stroke-width: 1.5; }
    svg.chart .axis { font-size: 11px; fill: var(--muted); }
    svg.spark { width: 120px; height: 28px; vertical-align: middle; }
    svg.spark polyline { fill: none; stroke: var(--accent); stroke-width: 1.5; }
    svg.spark circle { fill: var(--accent); }
    .table { overflow-x: auto; }
    table { border-collapse: collapse; width: 100%; font-size: 14px; }
    th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
    th { color: var(--muted); font-weight: 600; }
    td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
    code, pre { font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .conflict { border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; margin: 14px 0; }
    .conflict header { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: baseline; justify-content: space-between; }
    .conflict .counts { color: var(--muted); font-size: 14px; }
    .conflict ol { padding-left: 22px; margin: 8px 0; }
    .members { list-style: none; padding-left: 0; margin: 8px 0; }
    summary { color: var(--muted); cursor: pointer; }
    .conflict li code { word-break: break-all; }
    .fix { background: #eef6ee; border-radius: 6px; padding: 8px 12px; margin: 8px 0; }
    .picture svg { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 6px; }
    pre { background: var(--card); padding: 10px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
    .empty { color: var(--muted); font-style: italic; }
    @media (prefers-color-scheme: dark) {
      :root { --ink: #e6e9ef; --muted: #a3acba; --line: #3a4150; --card: #232833; --warn: #3b2a18; }
      body { background: #161a22; }
      .fix { background: #1f3324; }
      .picture svg { background: #fff; }
    }
    </style>
    </head>
    <body>
    <main>
    <h1>Layout conflicts</h1>
    <p class="meta">{{since}} to {{until}} · {{app}}{{#team}} · {{team}}{{/team}}</p>
    {{#warnings}}<div class="warning" role="alert">{{.}}</div>
    {{/warnings}}

    <h2>Volume</h2>
    <div class="stats">{{#stats}}<div class="stat"><b>{{value}}</b><span>{{label}}</span></div>{{/stats}}</div>
    {{{volumeChart}}}
    {{#groups.hasRows}}
    <div class="table"><table>
    <tr><th>App</th><th>Build</th><th>OS</th><th class="n">Occurrences</th><th class="n">Daily mean before</th></tr>
    {{#groups.rows}}<tr><td>{{app}}</td><td>{{build}}</td><td>{{os_version}}</td><td class="n">{{occurrences}}</td><td class="n">{{baseline_daily_mean}}</td></tr>
    {{/groups.rows}}
    </table></div>
    {{/groups.hasRows}}

    {{#builds.hasRows}}
    <h2>Conflict-free runs</h2>
    <p class="muted">The share of each build's runs that logged no conflict the app owns, as a crash-free rate.</p>
    <div class="table"><table>
    <tr><th>Build</th><th class="n">Runs</th><th class="n">Conflict-free</th><th class="n">Change</th></tr>
    {{#builds.rows}}<tr><td>{{build}}</td><td class="n">{{runs}}</td><td class="n">{{percent}}</td><td class="n">{{change}}</td></tr>
    {{/builds.rows}}
    </table></div>
    {{#builds.silent}}<div class="warning" role="alert">Silent: {{.}}</div>
    {{/builds.silent}}
    {{/builds.hasRows}}

    {{#testHealth.hasRows}}
    <h2>Conflict-free runs per test (build {{testHealth.build}})</h2>
    <p class="muted">The tests that logged a conflict the app owns, with the share of their runs that logged none, against the build before.</p>
    <div class="table"><table>
    <tr><th>Test</th><th class="n">Runs</th><th class="n">Conflict-free</th><th class="n">Change</th></tr>
    {{#testHealth.rows}}<tr><td><code>{{test}}</code></td><td class="n">{{runs}}</td><td class="n">{{percent}}</td><td class="n">{{change}}</td></tr>
    {{/testHealth.rows}}
    </table></div>
    {{/testHealth.hasRows}}

    <h2>Top conflicts</h2>
    {{^top.hasRows}}<p class="empty">No conflict in this window.</p>{{/top.hasRows}}
    {{#top.invisible}}<p class="muted">{{top.invisible}}</p>{{/top.invisible}}
    {{#top.rows}}
    <section class="conflict" id="{{short}}">
    <header><h3>{{rank}}. {{title}}</h3>{{{spark}}}</header>
    <p class="counts">{{occurrences}} · {{runs}} · {{devices}} · {{verdict}} · {{status}} · <code>{{fingerprint}}</code><br>
    first seen {{firstSeen}} · last seen {{lastSeen}} in build {{lastBuild}}</p>
    {{#explanation}}<p>{{explanation}}</p>{{/explanation}}
    {{#damage}}<p class="damage">{{damage}}</p>{{/damage}}
    <ul class="members">{{#members}}<li>{{.}}</li>{{/members}}</ul>
    <details><summary>The constraints as logged</summary><ol>{{#set}}<li><code>{{.}}</code></li>{{/set}}</ol></details>
    {{#fix}}<div class="fix"><b>Fix:</b> {{fix}}</div>{{/fix}}
    {{#owners}}<p class="owners"><b>Owners:</b> {{owners}} · <b>Files:</b> {{files}}</p>{{/owners}}
    {{#picture}}<div class="picture">{{{picture}}}</div>{{/picture}}
    </section>
    {{/top.rows}}

    {{#tests.hasRows}}<h2>Tests that log the most</h2>
    <p class="muted">As the test runners' markers named them: where to start reproducing.</p>
    <div class="table"><table>
    <tr><th>Test</th><th class="n">Conflicts</th><th class="n">Occurrences</th><th>Logs most</th></tr>
    {{#tests.rows}}<tr><td><code>{{test}}</code></td><td class="n">{{conflicts}}</td><td class="n">{{occurrences}}</td><td>{{top_title}} <code>{{top_fingerprint}}</code></td></tr>
    {{/tests.rows}}
    </table></div>{{/tests.hasRows}}

    <h2>Reach: most devices and runs</h2>
    {{^reach.hasRows}}<p class="empty">None.</p>{{/reach.hasRows}}
    {{#reach.hasRows}}<div class="table"><table>
    <tr><th>Conflict</th><th class="n">Devices</th><th class="n">Runs</th><th class="n">Occurrences</th></tr>
    {{#reach.rows}}<tr><td>{{title}} <code>{{short}}</code></td><td class="n">{{devices}}</td><td class="n">{{runs}}</td><td class="n">{{occurrences}}</td></tr>
    {{/reach.rows}}
    </table></div>{{/reach.hasRows}}

    <h2>New conflicts ({{new.count}})</h2>
    {{^new.hasRows}}<p class="empty">None.</p>{{/new.hasRows}}
    {{#new.hasRows}}<div class="table"><table>
    <tr><th>Conflict</th><th>First seen</th><th>Build</th><th>New in</th><th class="n">Occurrences</th><th>Fix</th></tr>
    {{#new.rows}}<tr><td>{{title}} <code>{{short}}</code>{{#owners}}<br><small>{{owners}}</small>{{/owners}}</td><td>{{first_seen}}</td><td>{{first_build}}</td><td>{{new_in}}</td><td class="n">{{occurrences}}</td><td>{{best_fix}}</td></tr>
    {{/new.rows}}
    </table></div>{{/new.hasRows}}

    <h2>Regressed conflicts ({{regressed.count}})</h2>
    {{^regressed.hasRows}}<p class="empty">None.</p>{{/regressed.hasRows}}
    {{#regressed.hasRows}}<div class="table"><table>
    <tr><th>Conflict</th><th>Resolved in</th><th>Seen again</th><th>Last build</th><th class="n">Occurrences</th></tr>
    {{#regressed.rows}}<tr><td>{{title}} <code>{{short}}</code>{{#owners}}<br><small>{{owners}}</small>{{/owners}}</td><td>{{resolved_build}}</td><td>{{first_seen_again}}</td><td>{{last_build}}</td><td class="n">{{occurrences}}</td></tr>
    {{/regressed.rows}}
    </table></div>{{/regressed.hasRows}}

    <h2>Quiet conflicts ({{quiet.count}})</h2>
    <p class="muted">Open, but not seen for {{settings.quiet_days}} days or in the {{settings.quiet_builds}} newest builds: likely fixed. Resolve them with <code>lcq resolve</code>.</p>
    {{#quiet.hasRows}}<div class="table"><table>
    <tr><th>Conflict</th><th>Last seen</th><th>Last build</th><th class="n">Days quiet</th><th class="n">Newer builds</th></tr>
    {{#quiet.rows}}<tr><td>{{title}} <code>{{short}}</code></td><td>{{last_seen}}</td><td>{{last_build}}</td><td class="n">{{days_quiet}}</td><td class="n">{{newer_builds}}</td></tr>
    {{/quiet.rows}}
    </table></div>{{/quiet.hasRows}}

    {{#smallScreens.hasRows}}<h2>On the smallest screens ({{smallScreens.count}})</h2>
    <p class="muted">{{smallScreensCaption}}.</p>
    <div class="table"><table>
    <tr><th>Conflict</th><th class="n">Occurrences</th><th>Where it fires</th></tr>
    {{#smallScreens.rows}}<tr><td>{{title}} <code>{{short}}</code></td><td class="n">{{occurrences}}</td><td>{{envelope}}</td></tr>
    {{/smallScreens.rows}}
    </table></div>{{/smallScreens.hasRows}}

    {{#system.hasRows}}<h2>System noise ({{system.count}})</h2>
    <p class="muted">UIKit's, AppKit's or a library's own constraints conflict: there is no fix in the app.</p>
    <div class="table"><table>
    <tr><th>Conflict</th><th class="n">Occurrences</th><th class="n">Runs</th></tr>
    {{#system.rows}}<tr><td>{{title}} <code>{{short}}</code></td><td class="n">{{occurrences}}</td><td class="n">{{runs}}</td></tr>
    {{/system.rows}}
    </table></div>{{/system.hasRows}}

    <h2>Ingestion health</h2>
    <div class="stats">
    <div class="stat"><b>{{health.runs}}</b><span>ingest runs ({{health.finished_runs}} finished)</span></div>
    <div class="stat"><b>{{health.lines}}</b><span>lines read</span></div>
    <div class="stat"><b>{{health.blocks}}</b><span>conflict messages</span></div>
    <div class="stat"><b>{{health.occurrences}}</b><span>new occurrences ({{health.duplicates}} already stored)</span></div>
    <div class="stat"><b>{{health.unparsed_percent}}%</b><span>unreadable ({{health.unparsed}})</span></div>
    <div class="stat"><b class="when">{{health.last_run_ever}}</b><span>latest ingest run</span></div>
    </div>
    {{#loggingOff}}<div class="warning" role="alert">Messages turned off: {{.}}</div>
    {{/loggingOff}}
    {{#missing.hasRows}}<p>Undecidable conflicts lack:</p><ul>{{#missing.rows}}<li>{{missing}}: {{occurrences_counted}} of {{conflicts_counted}}</li>{{/missing.rows}}</ul>{{/missing.hasRows}}
    {{#samples.hasRows}}<p>Latest unreadable messages:</p>
    {{#samples.rows}}<p class="muted">{{source_file}}:{{source_line}} · {{time}} · {{verdict}} · {{issues}}</p><pre>{{raw_text}}</pre>
    {{/samples.rows}}{{/samples.hasRows}}
    <p class="muted">Written by lcq. Each panel's SQL is in <code>dashboards/</code>; the same numbers are in Datasette.</p>
    </main>
    </body>
    </html>

    """#
}
