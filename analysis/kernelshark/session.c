// SPDX-License-Identifier: GPL-2.0
/*
 * ssks-session PLUGIN.so TRACE.dat T0 T1 OUT.json [PID...]: a KernelShark
 * session (kernelshark -s OUT.json) that opens TRACE with the plugin, its
 * CPU graphs and the graphs of tasks PID... shown and the view zoomed to
 * [T0, T1] (seconds, as KernelShark's axis shows them), for screenshots of
 * one reclaim (shot.sh). The session
 * is made with libkshark's own export functions; the window's parts that
 * only KernelShark's GUI saves are written as it writes them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "libkshark.h"
#include "libkshark-model.h"
#include "libkshark-plugin.h"

#define BINS 1200	/* the graph's width in pixels, about */

static json_object *pair(int a, int b)
{
	json_object *j = json_object_new_array();

	json_object_array_add(j, json_object_new_int(a));
	json_object_array_add(j, json_object_new_int(b));
	return j;
}

/* Every stream shows all its CPU graphs, and the tasks asked for. */
static void plots(struct kshark_context *ks, json_object *session,
		  char **pids, int npids)
{
	json_object *streams, *s, *plots, *tasks;
	struct kshark_data_stream *st;
	size_t i;
	int cpu, k;

	if (!json_object_object_get_ex(session, KS_DSTREAMS_NAME, &streams))
		return;
	for (i = 0; i < json_object_array_length(streams); i++) {
		s = json_object_array_get_idx(streams, i);
		st = kshark_get_data_stream(ks, i);
		plots = json_object_new_array();
		for (cpu = 0; st && cpu < st->n_cpus; cpu++)
			json_object_array_add(plots, json_object_new_int(cpu));
		json_object_object_add(s, "CPUPlots", plots);
		tasks = json_object_new_array();
		for (k = 0; k < npids; k++)
			json_object_array_add(tasks, json_object_new_int(
					      atoi(pids[k])));
		json_object_object_add(s, "TaskPlots", tasks);
	}
}

static struct kshark_config_doc *user_plugins(struct kshark_plugin_list *p)
{
	struct kshark_config_doc *doc, *lib;
	json_object *list = json_object_new_array();

	doc = kshark_config_new("kshark.config.plugins", KS_CONFIG_JSON);
	lib = kshark_export_plugin_file(p, KS_CONFIG_JSON);
	if (!doc || !lib)
		return NULL;
	json_object_array_add(list, lib->conf_doc);
	json_object_object_add(doc->conf_doc, "obj. files", list);
	return doc;
}

/* KernelShark crashes on a session without its markers: none set. */
static struct kshark_config_doc *markers(void)
{
	struct kshark_config_doc *d;
	json_object *a = json_object_new_object();
	json_object *b = json_object_new_object();

	d = kshark_config_new("kshark.config.markers", KS_CONFIG_JSON);
	if (!d)
		return NULL;
	json_object_object_add(a, "isSet", json_object_new_boolean(false));
	json_object_object_add(b, "isSet", json_object_new_boolean(false));
	json_object_object_add(d->conf_doc, "markA", a);
	json_object_object_add(d->conf_doc, "markB", b);
	json_object_object_add(d->conf_doc, "Active",
			       json_object_new_string("A"));
	return d;
}

static void add_json(struct kshark_config_doc *session, const char *key,
		     json_object *j)
{
	struct kshark_config_doc *d = kshark_config_alloc(KS_CONFIG_JSON);

	d->conf_doc = j;
	kshark_config_doc_add(session, key, d);
}

int main(int argc, char **argv)
{
	struct kshark_context *ks = NULL;
	struct kshark_config_doc *session, *plugins;
	struct kshark_plugin_list *p;
	struct kshark_data_stream *st;
	struct kshark_trace_histo h;
	int sd;

	if (argc < 6) {
		fprintf(stderr, "usage: ssks-session PLUGIN.so TRACE.dat T0 T1 "
			"OUT.json [PID...]\n");
		return 2;
	}
	if (!kshark_instance(&ks))
		return 2;
	sd = kshark_open(ks, argv[2]);
	st = sd < 0 ? NULL : kshark_get_data_stream(ks, sd);
	p = kshark_register_plugin(ks, "shrinkscope", argv[1]);
	if (!st || !p || !p->process_interface) {
		fprintf(stderr, "ssks-session: cannot open %s with %s\n",
			argv[2], argv[1]);
		return 2;
	}
	kshark_register_plugin_to_stream(st, p->process_interface, true);
	session = kshark_session_config_new(KS_CONFIG_JSON);
	plugins = user_plugins(p);
	if (!session || !plugins ||
	    !kshark_export_all_dstreams(ks, &session))
		return 2;
	plots(ks, session->conf_doc, argv + 6, argc - 6);
	kshark_config_doc_add(session, "User Plugins", plugins);
	ksmodel_init(&h);
	ksmodel_set_bining(&h, BINS, atof(argv[3]) * 1e9, atof(argv[4]) * 1e9);
	kshark_config_doc_add(session, "Model",
			      kshark_export_model(&h, KS_CONFIG_JSON));
	add_json(session, "MainWindow",
		 pair(1280, 740));
	add_json(session, "Splitter", pair(600, 100));
	add_json(session, "ComboPlots", json_object_new_array());
	add_json(session, "ViewTop", json_object_new_int64(0));
	add_json(session, "ColorScheme", json_object_new_double(0.75));
	kshark_config_doc_add(session, "Markers", markers());
	if (!kshark_save_config_file(argv[5], session)) {
		fprintf(stderr, "ssks-session: cannot write %s\n", argv[5]);
		return 2;
	}
	return 0;
}
