#!/usr/bin/env python3
"""An independent check of lcq's verdicts with z3 and exact rationals.

Runs `lcq analyze --format json` on log files, rebuilds each block's system in z3 from lcq's
typed constraints (the layout rules are written again here, not taken from lcq), and checks:

- conflict: the minimal set is infeasible, and each one-smaller subset is feasible;
- within-precision: infeasible with the printed numbers, feasible once each number may be
  anything that prints the same (6 significant digits);
- undecidable: feasible with every number widened;
- satisfiable: feasible with the printed numbers;
- every envelope (a container-set size freed): with that size's constant free, the block holds
  at each end of `safe` and at no size outside it (as printed; for a conflict, again with every
  other number widened, on `safe_widened_exact`), and holds nowhere when `safe` is null; with
  each fix's changes left out, the block holds at each end of the fix's `holds` and not beyond
  (to the 4 decimals printed), and `holds_at_every_size` agrees;
- every damage figure: the least and greatest values of the broken constraint's
  `first − m × second` over the rest of the block (every number widened) are reached and not
  passed, the miss follows from them, and every conflict whose broken constraint resolves it
  has one; every fix's cost is z3 Optimize's least total give of its changes over the rest
  (printed numbers);
- every suggested fix: marked verified, and the block with the fix's `changes` left out (a
  constraint lowered to an optional priority can no longer make the block infeasible) is
  feasible with the printed numbers; blocks that are not conflicts suggest nothing.

Usage: z3_oracle.py LCQ_BINARY LOG_FILE...   Exit 0 when every check passes.
"""

import json
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction

import z3

SIZE = {"width", "height"}
X_POS = {"left", "right", "leading", "trailing", "centerX", "leftMargin", "rightMargin",
         "leadingMargin", "trailingMargin", "centerXWithinMargins"}
Y_POS = {"top", "bottom", "centerY", "firstBaseline", "lastBaseline", "topMargin", "bottomMargin",
         "centerYWithinMargins"}
AUTORESIZING = {"minX", "midX", "maxX", "minY", "midY", "maxY"}


def exact(number):
    """The printed number as a fraction (lcq prints the logged digits as a JSON number)."""
    return Fraction(Decimal(str(number)))


def half_width(number):
    """Half the interval of values that print as `number` with %g's 6 significant digits."""
    text = str(number).lower()
    mantissa, _, exponent = text.partition("e")
    exponent = int(exponent) if exponent else 0
    mantissa = mantissa.lstrip("+-")
    digits = mantissa.replace(".", "")
    if digits.strip("0") == "":
        return Fraction(0)
    point = mantissa.index(".") if "." in mantissa else len(mantissa)
    first = next(i for i, d in enumerate(digits) if d != "0")
    leading_place = point - 1 - first + exponent
    last_place = point - len(digits) + exponent
    place = min(leading_place - 5, last_place)
    return Fraction(1, 2) * Fraction(10) ** place


class Model:
    """The block's system in z3 terms."""

    def __init__(self, block, flipped=True):
        self.block = block
        # AppKit never says whether a superview is flipped: a two-item autoresizing row on the
        # vertical axis reads `v.minY == S.minY + c` as v's top (flipped, y down) or, mirrored,
        # as v's bottom edge with the constant negated (y up).
        self.flipped = flipped
        self.vars = {}
        self.implicit = {}  # name -> z3 constraint
        self.guides = {}  # (owner key, side) -> guide key
        for c in block["constraints"]:
            ident = c.get("identifier") or ""
            if c.get("parsed") and ident.startswith("UIView-") and ident.endswith("Margin-guide-constraint"):
                side = ident[len("UIView-"):-len("Margin-guide-constraint")]
                side = {"leading": "left", "trailing": "right"}.get(side, side)
                first, second = c["first_item"], c["second_item"]
                guide, owner = (first, second) if is_guide(first) else (second, first)
                self.guides[(key(owner, guide), side)] = key(guide, owner)

    def var(self, name):
        if name not in self.vars:
            self.vars[name] = z3.Real(name)
        return self.vars[name]

    def frame(self, k, needs):
        for part in ("width", "height"):
            name = f"{k}.{part} >= 0"
            self.implicit[name] = self.var(f"{k}.{part}") >= 0
            needs.add(name)
        return (self.var(f"{k}.x"), self.var(f"{k}.y"), self.var(f"{k}.width"), self.var(f"{k}.height"))

    def margin(self, k, frame, side, needs):
        x, y, w, h = frame
        guide = self.guides.get((k, side))
        if guide:
            gx, gy, gw, gh = self.frame(guide, needs)
            return {"left": gx, "right": gx + gw, "top": gy, "bottom": gy + gh}[side]
        inset = self.var(f"{k}.inset.{side}")
        self.implicit[f"{k}.inset.{side} >= 0"] = inset >= 0
        needs.add(f"{k}.inset.{side} >= 0")
        return {"left": x + inset, "right": x + w - inset, "top": y + inset, "bottom": y + h - inset}[side]

    def side(self, item, k, attribute, c, index, needs):
        """(expression, kind) with kind one of x, y, size, relative."""
        frame = self.frame(k, needs)
        x, y, w, h = frame
        rtl = c.get("direction") == "RTL"
        flip = -1 if rtl else 1
        if attribute in ("leading", "trailing", "centerX", "leadingMargin", "trailingMargin",
                         "centerXWithinMargins") and rtl:
            mirrored = {"leading": "right", "trailing": "left", "centerX": "centerX",
                        "leadingMargin": "rightMargin", "trailingMargin": "leftMargin",
                        "centerXWithinMargins": "centerXWithinMargins"}[attribute]
            expression, kind = self.side_ltr(item, k, mirrored, frame, c, index, needs)
            return flip * expression, kind
        return self.side_ltr(item, k, attribute, frame, c, index, needs)

    def side_ltr(self, item, k, attribute, frame, c, index, needs):
        x, y, w, h = frame
        table = {"left": (x, "x"), "leading": (x, "x"), "right": (x + w, "x"), "trailing": (x + w, "x"),
                 "centerX": (x + w / 2, "x"), "top": (y, "y"), "bottom": (y + h, "y"),
                 "centerY": (y + h / 2, "y"), "width": (w, "size"), "height": (h, "size")}
        if attribute in table:
            return table[attribute]
        if attribute in ("firstBaseline", "lastBaseline"):
            b = self.var(f"{k}.{attribute}")
            self.implicit[f"{k}.{attribute} in [0, height]"] = z3.And(b >= 0, b <= h)
            needs.add(f"{k}.{attribute} in [0, height]")
            return (y + b, "y")
        margins = {"leftMargin": ("left", "x"), "leadingMargin": ("left", "x"), "rightMargin": ("right", "x"),
                   "trailingMargin": ("right", "x"), "topMargin": ("top", "y"), "bottomMargin": ("bottom", "y")}
        if attribute in margins:
            side, kind = margins[attribute]
            return (self.margin(k, frame, side, needs), kind)
        if attribute == "centerXWithinMargins":
            return ((self.margin(k, frame, "left", needs) + self.margin(k, frame, "right", needs)) / 2, "x")
        if attribute == "centerYWithinMargins":
            return ((self.margin(k, frame, "top", needs) + self.margin(k, frame, "bottom", needs)) / 2, "y")
        if attribute in AUTORESIZING:
            horizontal = attribute.endswith("X")
            fraction = {"min": 0, "mid": Fraction(1, 2), "max": 1}[attribute[:3]]
            if self.mirrored(c):
                fraction = 1 - fraction
            position = x + fraction * w if horizontal else y + fraction * h
            superview = next((n for n in c.get("names", []) if n["key"] == "|" and n.get("address")), None)
            two_item = c.get("second_item") is not None
            if two_item:
                # v.midX == S.midX + c relates the two frames directly.
                return (position, "x" if horizontal else "y")
            if self.block["platform"] == "appkit" and not horizontal:
                origin = self.var(f"origin[{index}].y")
            elif superview:
                sx, sy, _, _ = self.frame(superview["address"], needs)
                origin = sx if horizontal else sy
            else:
                origin = self.var(f"origin(superview of {k}).{'x' if horizontal else 'y'}")
            return (position - origin, "relative")
        return (self.var(f"{k}.{attribute}"), "relative")  # engine variable

    def sides(self, index):
        """Entry `index` with the printed numbers as (`first − m × second` as a z3 expression,
        the constant, the relation, the implicit rows it needs): what the damage measures."""
        c = self.block["constraints"][index]
        rows, needs = self.rows(index, widened=False)
        relation = rows[-1]
        # rows() ends with `first (relation) rhs`; rebuild `first − m × second` from its parts.
        constant = exact(c["constant"]) + (exact(c["system_spacing"]) if c.get("system_spacing") is not None else 0)
        if self.mirrored(c):
            constant = -constant
        return relation.arg(0) - (relation.arg(1) - constant), constant, c["relation"], needs

    def rows(self, index, widened, free=None):
        """The z3 constraints of list entry `index`, and the implicit rows it needs; when `index`
        is `free`, its constant is the z3 variable `freed size` instead of the printed number."""
        c = self.block["constraints"][index]
        needs = set()
        first_key = key(c["first_item"], c.get("second_item"))
        first, kind = self.side(c["first_item"], first_key, c["first_attribute"], c, index, needs)
        second, second_kind = None, None
        if c.get("second_item") is not None:
            second_key = key(c["second_item"], c["first_item"])
            second, second_kind = self.side(c["second_item"], second_key, c["second_attribute"], c, index, needs)
        m_text = c["multiplier"]
        m = exact(m_text)
        constant = exact(c["constant"]) + (exact(c["system_spacing"]) if c.get("system_spacing") is not None else 0)
        if self.mirrored(c):
            constant = -constant
        if index == free:
            constant = self.var("freed size")
        if kind in ("x", "y") and (second is None or (second_kind == kind and m != 1)):
            origin = self.var(f"origin[{index}].{kind}")
            first = first - origin
            if second is not None:
                second = second - origin
        rows = []
        if widened:
            m_var = self.var(f"m[{index}]")
            c_var = self.var(f"c[{index}]")
            hm = half_width(m_text) if m != 1 else Fraction(0)
            hc = half_width(c["constant"]) if index != free else Fraction(0)
            rows += [m_var >= m - hm, m_var <= m + hm, c_var >= constant - hc, c_var <= constant + hc]
            rhs = (m_var * second if second is not None else 0) + c_var
        else:
            rhs = (m * second if second is not None else 0) + constant
        relation = c["relation"]
        rows.append(first == rhs if relation == "==" else first <= rhs if relation == "<=" else first >= rhs)
        return rows, needs

    def mirrored(self, c):
        """Whether this reading mirrors `c`: unflipped, and `c` depends on flipping."""
        return not self.flipped and depends_on_flipping(self.block, c)

    def feasible(self, indices, widened, free=None, size=None, extra=(), extra_needs=()):
        """Whether the entries `indices` can hold together; with `free`, that entry's constant is
        a variable on which `size(variable)` (a z3 condition) is imposed; `extra` conditions
        (needing the implicit rows `extra_needs`) are imposed too."""
        solver = z3.Solver()
        solver.set("timeout", 20000)
        needs = set(extra_needs)
        solver.add(*extra)
        if free is not None:
            solver.add(size(self.var("freed size")))
        for index in indices:
            rows, needed = self.rows(index, widened, free)
            solver.add(*rows)
            needs |= needed
        for name in needs:
            solver.add(self.implicit[name])
        result = solver.check()
        if result == z3.unknown:
            raise RuntimeError(f"z3 could not decide: {solver.reason_unknown()}")
        return result == z3.sat


def depends_on_flipping(block, c):
    """A two-item AppKit autoresizing row on the vertical axis."""
    return (block["platform"] == "appkit" and c.get("parsed") and c.get("second_item") is not None
            and c.get("origin") == "autoresizingMask" and c.get("first_attribute") in ("minY", "midY", "maxY"))


def is_guide(item):
    name = (item.get("class_name") or "").split(".")[-1]
    return name.endswith("LayoutGuide") or name.endswith("GapGuide") or name.endswith("LayoutSpacer")


def key(item, other):
    if item.get("name") == "|" and not item.get("address"):
        return "superview(" + key(other, None) + ")" if other else "superview(?)"
    if item.get("address"):
        return item["address"]
    if item.get("name"):
        return "name:" + item["name"]
    return item.get("class_name") or "?"


def members(block):
    """Entries that take part: readable, active, required."""
    result = []
    for index, c in enumerate(block["constraints"]):
        if not c.get("parsed") or c.get("active") is False:
            continue
        if c.get("priority") is not None and exact(c["priority"]) < 1000:
            continue
        result.append(index)
    return result


def check(block):
    """Returns a list of problems with lcq's verdict on `block`."""
    verdict = block["verdict"]
    everything = members(block)
    problems = []
    # An AppKit block whose meaning depends on whether a superview is flipped is read both ways;
    # a proof names the reading it is for.
    both_ways = any(depends_on_flipping(block, c) for c in block["constraints"])
    readings = [Model(block, flipped=True), Model(block, flipped=False)] if both_ways else [Model(block)]
    model = readings[1] if both_ways and "not flipped" in (block.get("note") or "") else readings[0]
    if both_ways and verdict in ("conflict", "within-precision"):
        for reading in readings:
            if reading.feasible(everything, widened=verdict == "conflict"):
                problems.append(f"{verdict}, yet feasible with the superview flipped={reading.flipped}")
    if both_ways and "flipped" in block.get("missing", []):
        if all(r.feasible(everything, widened=False) for r in readings):
            problems.append("missing 'flipped', yet feasible as printed either way")
        if not any(r.feasible(everything, widened=True) for r in readings):
            problems.append("missing 'flipped', yet infeasible either way")
    if verdict == "conflict":
        minimal = block["minimal_set"]
        if model.feasible(minimal, widened=True):
            problems.append(f"minimal set {minimal} is feasible")
        for member in minimal:
            rest = [i for i in minimal if i != member]
            if not model.feasible(rest, widened=True):
                problems.append(f"minimal set {minimal} without {member} is still infeasible")
        for other in block["minimal_sets"][1:]:
            if model.feasible(other, widened=True):
                problems.append(f"minimal set {other} is feasible")
    elif verdict == "within-precision":
        if model.feasible(everything, widened=False):
            problems.append("feasible as printed")
        if not model.feasible(everything, widened=True):
            problems.append("infeasible even with every number widened")
    elif verdict == "undecidable" and not block.get("note"):
        if not any(r.feasible(everything, widened=True) for r in readings):
            problems.append("infeasible with every unknown free")
    elif verdict == "undecidable":
        # A replay that stopped at its limit says so: a list over the member limit, or numbers
        # that grew past the solver's size limit (then `huge-number` is missing).
        readable = sum(1 for c in block["constraints"] if c["parsed"])
        too_long = block["note"].startswith("too large: ") and readable > 1000
        too_big = block["note"].startswith("numbers too large") and "huge-number" in block.get("missing", [])
        if not (too_long or too_big):
            problems.append(f"note {block['note']!r} with {readable} readable constraints")
    elif verdict == "unparsed":
        if any(c["parsed"] for c in block["constraints"]) and not block["redacted"]:
            problems.append("unparsed, yet a constraint of the list was read")
    elif verdict == "redacted":
        if not block["redacted"]:
            problems.append("redacted, yet the list was not replaced by <private>")
    elif verdict == "satisfiable":
        if not all(r.feasible(everything, widened=False) for r in readings):
            problems.append("infeasible as printed")
    problems += check_envelope(block, model, everything)
    problems += check_damage(block, model, everything, both_ways)
    suggestions = block.get("suggestions", [])
    if verdict not in ("conflict", "within-precision") and suggestions:
        problems.append(f"{len(suggestions)} suggestion(s) for a {verdict} block")
    for fix in suggestions:
        changed = set(fix["changes"])
        if fix.get("verified") is not True:
            problems.append(f"suggestion {fix['kind']} {sorted(changed)} is not marked verified")
        if fix["constraint"] not in changed or not changed <= set(everything):
            problems.append(f"suggestion {fix['kind']} changes {sorted(changed)} outside the block's members")
        if not all(r.feasible([i for i in everything if i not in changed], widened=False) for r in readings):
            problems.append(f"suggestion {fix['kind']} {sorted(changed)} does not resolve the block")
    return problems


ENVELOPES = 0  # freed sizes checked
DAMAGES = 0  # damage figures checked
COSTS = 0  # fix costs checked


def miss_of(low, high, relation):
    """The least distance from [low, high] (None: unbounded) to where `value (relation) 0` holds."""
    above = low if low is not None and low > 0 else Fraction(0)
    below = -high if high is not None and high < 0 else Fraction(0)
    if relation == "==":
        return above if above > 0 else below
    return above if relation == "<=" else below


def check_damage(block, model, everything, both_ways):
    """Problems with the block's damage figure and its fixes' costs."""
    global DAMAGES, COSTS
    problems = []
    damage = block.get("damage")
    broken = block.get("broken_constraint") or {}
    index = broken.get("index")
    expected = (block["verdict"] == "conflict" and index is not None and broken.get("in_minimal_set")
                and broken.get("resolves") is True and not both_ways)
    if expected and damage is None:
        problems.append(f"no damage for a conflict whose broken [{index}] resolves it: {block.get('damage_reason')}")
    if damage is None and not block.get("damage_reason") and block["verdict"] in ("conflict", "within-precision"):
        problems.append("no damage and no reason")
    if damage is not None:
        DAMAGES += 1
        if damage["constraint"] != index:
            problems.append(f"damage of [{damage['constraint']}], yet UIKit broke [{index}]")
        rest = [i for i in everything if i != index]
        value, constant, relation, needs = model.sides(index)
        if Fraction(damage["asked"]) != constant:
            problems.append(f"damage asked {damage['asked']}, the constant is {constant}")
        low, high = (None if end is None else Fraction(end) for end in damage["drawn"])

        def holds(*conditions):
            return model.feasible(rest, True, extra=conditions, extra_needs=needs)
        if low is None:
            if not holds(value <= -10 ** 8):
                problems.append("damage: no least value, yet none reaches -10^8")
        else:
            if not holds(value == low):
                problems.append(f"damage: the least value {low} is not reached")
            if holds(value < low):
                problems.append(f"damage: a value below the least {low} holds")
        if high is None:
            if not holds(value >= 10 ** 8):
                problems.append("damage: no greatest value, yet none reaches 10^8")
        else:
            if not holds(value == high):
                problems.append(f"damage: the greatest value {high} is not reached")
            if holds(value > high):
                problems.append(f"damage: a value above the greatest {high} holds")
        shifted = [None if end is None else end - constant for end in (low, high)]
        miss = miss_of(shifted[0], shifted[1], relation)
        if Fraction(damage["miss_exact"]) != miss:
            problems.append(f"damage: miss {damage['miss_exact']}, the drawn values give {miss}")
        shows = "visible" if damage["collapsed"] or miss >= 1 else "invisible" if miss < Fraction(1, 2) else "subpixel"
        if damage["shows"] != shows:
            problems.append(f"damage shows {damage['shows']}, a miss of {miss} is {shows}")
    for fix in block.get("suggestions", []):
        if fix.get("cost_exact") is None:
            problems.append(f"suggestion {fix['kind']} {fix['changes']} has no cost")
            continue
        COSTS += 1
        changed = set(fix["changes"])
        optimum = z3.Optimize()
        optimum.set("timeout", 20000)
        needs = set()
        total = 0
        for entry in everything:
            rows, needed = model.rows(entry, widened=False)
            needs |= needed
            if entry not in changed:
                optimum.add(*rows)
                continue
            value, constant, relation, _ = model.sides(entry)
            gap = value - constant
            give = z3.Real(f"gives way [{entry}]")
            optimum.add(give >= 0)
            if relation in ("==", "<="):
                optimum.add(gap <= give)
            if relation in ("==", ">="):
                optimum.add(-gap <= give)
            total = total + give
        for name in needs:
            optimum.add(model.implicit[name])
        goal = optimum.minimize(total)
        if optimum.check() != z3.sat:
            problems.append(f"suggestion {fix['kind']} {sorted(changed)}: z3 finds no layout for its cost")
            continue
        bound = optimum.lower(goal)
        least = Fraction(bound.as_long()) if z3.is_int_value(bound) else bound.as_fraction()
        if least != Fraction(fix["cost_exact"]):
            problems.append(f"suggestion {fix['kind']} {sorted(changed)}: cost {fix['cost_exact']}, z3's least is {least}")
    return problems


def check_envelope(block, model, everything):
    """Problems with the block's envelope: each end of each freed size's safe interval."""
    global ENVELOPES
    problems = []
    envelope = block.get("envelope")
    if envelope is None:
        if block["verdict"] == "conflict" and not block.get("envelope_reason"):
            problems.append("no envelope and no reason")
        return problems
    for entry in envelope:
        ENVELOPES += 1
        free = entry["constraint"]
        readings = [(False, entry["safe_exact"])]
        if entry["widened"]:
            readings.append((True, entry["safe_widened_exact"]))
        for widened, safe in readings:
            def holds(condition):
                return model.feasible(everything, widened, free=free, size=condition)
            label = f"envelope of [{free}] ({'widened' if widened else 'as printed'})"
            if safe is None:
                if holds(lambda s: s >= 0):
                    problems.append(f"{label}: said to fire at every size, yet holds at some")
                continue
            low = Fraction(safe[0])
            if not holds(lambda s: s == low):
                problems.append(f"{label}: does not hold at its low end {low}")
            if holds(lambda s: z3.And(s >= 0, s < low)):
                problems.append(f"{label}: holds below its low end {low}")
            if safe[1] is None:
                if not holds(lambda s: s >= 10 ** 8):
                    problems.append(f"{label}: said to have no largest size, yet fails at 10^8")
            else:
                high = Fraction(safe[1])
                if not holds(lambda s: s == high):
                    problems.append(f"{label}: does not hold at its high end {high}")
                if holds(lambda s: s > high):
                    problems.append(f"{label}: holds above its high end {high}")
    for fix in block.get("suggestions", []):
        changed = set(fix["changes"])
        kept = [i for i in everything if i not in changed]
        every = True
        for held in fix["holds"]:
            free, safe = held["constraint"], held["safe"]

            def fixed(condition):
                return model.feasible(kept, False, free=free, size=condition)
            label = f"fix {sorted(changed)} on [{free}]"
            if safe is None:
                every = False
                if fixed(lambda s: s >= 0):
                    problems.append(f"{label}: said to hold at no size, yet holds at some")
                continue
            low = Fraction(str(safe[0]))
            high = None if safe[1] is None else Fraction(str(safe[1]))
            every = every and low == 0 and high is None
            # `holds` is rounded to 4 decimals: check just inside and outside each end.
            step = Fraction(1, 10 ** 4)
            if not fixed(lambda s: s == low + (step if low > 0 else 0)):
                problems.append(f"{label}: does not hold at its low end {low}")
            if low > step and fixed(lambda s: z3.And(s >= 0, s < low - step)):
                problems.append(f"{label}: holds below its low end {low}")
            if high is None:
                if not fixed(lambda s: s >= 10 ** 8):
                    problems.append(f"{label}: said to hold with no largest size, yet fails at 10^8")
            elif fixed(lambda s: s > high + step):
                problems.append(f"{label}: holds above its high end {high}")
        if fix["holds"] and fix.get("holds_at_every_size") is not every:
            problems.append(f"fix {sorted(changed)}: holds_at_every_size disagrees with its holds")
    return problems


def main():
    binary, files = sys.argv[1], sys.argv[2:]
    counts = {}
    failures = 0
    fixes = 0
    for path in files:
        output = subprocess.run([binary, "analyze", "--format", "json", path], capture_output=True, text=True)
        # A file may hold no message lcq can frame (it says so); a crash or an error is a failure.
        silent = not output.stdout.strip() and "no conflict messages found" not in output.stderr
        if output.returncode != 0 or silent:
            failures += 1
            print(f"{path}: lcq exited {output.returncode} with {len(output.stdout.splitlines())} block(s): "
                  f"{output.stderr.strip()[:200]}")
        for line in output.stdout.splitlines():
            block = json.loads(line, parse_float=Decimal)
            counts[block["verdict"]] = counts.get(block["verdict"], 0) + 1
            fixes += len(block.get("suggestions", []))
            for problem in check(block):
                failures += 1
                print(f"{path}:{block['source']['line']}: {block['verdict']}: {problem}")
    summary = ", ".join(f"{n} {v}" for v, n in sorted(counts.items()))
    print(f"z3 oracle: {sum(counts.values())} blocks ({summary}), {fixes} suggested fixes re-solved, "
          f"{ENVELOPES} envelope sizes checked, {DAMAGES} damage figures and {COSTS} fix costs; "
          f"{failures} disagreement(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
