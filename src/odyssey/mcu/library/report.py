"""The library as data and text: a task as JSON, the counts as a Markdown table."""

from __future__ import annotations

from odyssey.mcu import taxonomy
from odyssey.mcu.library.library import Library
from odyssey.mcu.rules import describe, rule_json
from odyssey.mcu.task import AtomicTask


def task_json(task: AtomicTask) -> dict:
    """A task as JSON data (the rule in its YAML/JSON form, ``None`` for judged-only tasks)."""
    return {
        "id": task.id, "text": task.text, "category": task.category,
        "subcategory": task.subcategory, "verb": task.verb, "target": task.target,
        "count": task.count, "success": rule_json(task.success) if task.success else None,
        "judge": task.judge, "source": task.source, "note": task.note,
    }  # fmt: skip


def how_checked(task: AtomicTask) -> str:
    """``rule``, ``judge`` or ``rule+judge``."""
    return "+".join(k for k, on in (("rule", task.programmatic), ("judge", task.judge)) if on)


def task_text(task: AtomicTask) -> str:
    """The multi-line description ``odyssey mcu tasks show`` prints."""
    cat = taxonomy.title(task.category)
    sub = taxonomy.title(task.category, task.subcategory)
    lines = [
        f"{task.id}: {task.text}",
        f"  category:    {cat} ({task.category}) / {sub} ({task.subcategory})",
        f"  verb:        {task.verb}  target: {task.target}  source: {task.source}",
        f"  checked by:  {how_checked(task)}",
    ]
    if task.success is not None:
        lines.append(f"  rule:        {describe(task.success)}")
        lines.append(f"  rule (json): {rule_json(task.success)}")
    lines.append(f"  judge:       {'AutoEval' if task.judge else 'no'}")
    if task.note:
        lines.append(f"  note:        {task.note}")
    return "\n".join(lines)


def stats_markdown(library: Library) -> str:
    """The counts per category and sub-category and the rejected candidates per reason."""
    s = library.stats()
    out = [
        f"{s['tasks']} tasks ({s['programmatic']} with a rule, {s['judged']} judged by AutoEval, "
        f"{s['hand_written']} hand-written); {s['rejected']} candidates rejected.",
        "",
        "| Category | Sub-category | Tasks |",
        "|---|---|---:|",
    ]
    for cat_id, cat in s["categories"].items():
        out.append(f"| **{cat['title']}** (`{cat_id}`) | | **{cat['tasks']}** |")
        for sub_id, n in cat["subcategories"].items():
            out.append(f"| | {taxonomy.title(cat_id, sub_id)} (`{sub_id}`) | {n} |")
    out += ["", "| Rejected because | Candidates |", "|---|---:|"]
    out += [f"| {reason} | {n} |" for reason, n in s["rejected_by_reason"].items()]
    return "\n".join(out) + "\n"
