#!/usr/bin/env python3
"""Render Markdown to HTML with markdown-it-py, a second CommonMark reader: the "gfm-like"
preset (GFM tables, strikethrough, linkify through linkify-it-py) plus the task-list plug-in
of mdit-py-plugins, with raw HTML allowed so a tag that slips through shows in the check.

Usage: render_markdown_it.py INPUT.md > OUTPUT.html
"""
import sys

from markdown_it import MarkdownIt
from mdit_py_plugins.tasklists import tasklists_plugin

reader = MarkdownIt("gfm-like", {"html": True}).use(tasklists_plugin)
sys.stdout.write(reader.render(open(sys.argv[1], encoding="utf-8").read()))
